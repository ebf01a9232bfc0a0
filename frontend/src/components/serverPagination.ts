import type { TablePaginationConfig } from 'antd/es/table';
import type { Page } from '../api/http';
import { t, type MessageKey } from '../i18n';

/**
 * A table's pager for a list paged on the server: the page, size and total the server
 * answered (page 1 of 20 until it has), with the total beside it: `total` is a key of
 * i18n/en.ts with two forms, "{count} job | {count} jobs".
 */
export function serverPagination(
  page: Page<unknown> | undefined,
  total: MessageKey,
  onChange: (page: number, size: number) => void,
): TablePaginationConfig {
  return {
    current: page?.page ?? 1,
    pageSize: page?.size ?? 20,
    total: page?.total ?? 0,
    showSizeChanger: true,
    showTotal: (count) => t(total, { count }),
    onChange,
  };
}
