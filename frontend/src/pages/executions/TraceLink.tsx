import { useQuery } from '@tanstack/react-query';
import { Space, Typography } from 'antd';
import { t } from '../../i18n';
import { authApi } from '../login/api';

/**
 * Where a trace viewer shows a run's trace: crony.web.tracing.link-template with `{traceId}`
 * replaced; null when no template is configured.
 */
export function traceLink(template: string | null | undefined, traceId: string): string | null {
  if (!template) {
    return null;
  }
  return template.split('{traceId}').join(encodeURIComponent(traceId));
}

/** A run's trace id, copyable, with a link to its trace when crony-web names a trace viewer. */
export function TraceLink({ traceId }: { traceId: string }) {
  // the same public options the sign-in page reads, cached under the same key
  const options = useQuery({ queryKey: ['sign-in-options'], queryFn: authApi.signInOptions, retry: false });
  const href = traceLink(options.data?.traceLinkTemplate, traceId);
  return (
    <Space wrap>
      <Typography.Text code copyable>
        {traceId}
      </Typography.Text>
      {href && (
        <Typography.Link href={href} target="_blank" rel="noreferrer">
          {t('executions.openTrace')}
        </Typography.Link>
      )}
    </Space>
  );
}
