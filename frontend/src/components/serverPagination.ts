import type { TablePaginationConfig } from 'antd/es/table';
import type { Page } from '../api/http';

/**
 * A table's pager for a list paged on the server: the page, size and total the server
 * answered (page 1 of 20 until it has), with "N nouns" beside it.
 */
export function serverPagination(
  page: Page<unknown> | undefined,
  noun: string,
  onChange: (page: number, size: number) => void,
): TablePaginationConfig {
  return {
    current: page?.page ?? 1,
    pageSize: page?.size ?? 20,
    total: page?.total ?? 0,
    showSizeChanger: true,
    showTotal: (total) => `${total} ${noun}${total === 1 ? '' : 's'}`,
    onChange,
  };
}
