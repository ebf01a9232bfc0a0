import { Button, Result } from 'antd';
import { useRouteError } from 'react-router-dom';
import { errorMessage } from '../api/errors';

/** Shown instead of a page that failed to render (or whose code failed to load). */
export function RouteError() {
  const error = useRouteError();
  return (
    <Result
      status="error"
      title="This page failed"
      subTitle={errorMessage(error)}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          Reload
        </Button>
      }
    />
  );
}
