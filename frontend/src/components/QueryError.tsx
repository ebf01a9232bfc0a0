import { Alert, Button } from 'antd';
import { errorMessage } from '../api/errors';
import { t } from '../i18n';

/** What a page shows when its data could not be loaded. */
export function QueryError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  return (
    <Alert
      type="error"
      showIcon
      message={t('common.couldNotLoad')}
      description={errorMessage(error)}
      action={onRetry && <Button size="small" onClick={onRetry}>{t('common.retry')}</Button>}
      style={{ marginBottom: 16 }}
    />
  );
}
