import { Alert, Button } from 'antd';
import { errorMessage } from '../api/errors';

/** What a page shows when its data could not be loaded. */
export function QueryError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  return (
    <Alert
      type="error"
      showIcon
      message="Could not load"
      description={errorMessage(error)}
      action={onRetry && <Button size="small" onClick={onRetry}>Retry</Button>}
      style={{ marginBottom: 16 }}
    />
  );
}
