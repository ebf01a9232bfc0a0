import { Button, Result } from 'antd';
import { useRouteError } from 'react-router-dom';
import { errorMessage } from '../api/errors';
import { t } from '../i18n';

/** Shown instead of a page that failed to render (or whose code failed to load). */
export function RouteError() {
  const error = useRouteError();
  return (
    <Result
      status="error"
      title={t('common.thisPageFailed')}
      subTitle={errorMessage(error)}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('common.reload')}
        </Button>
      }
    />
  );
}
