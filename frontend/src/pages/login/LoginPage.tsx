import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../api/errors';
import { ApiError } from '../../api/http';
import { useAuth } from '../../auth/AuthProvider';
import { authApi } from './api';
import type { LoginRequest } from './types';
import { t, type MessageKey } from '../../i18n';
import { LanguageSwitcher } from '../../i18n/LanguageSwitcher';

// why the OpenID Connect sign-in sent the browser back here (crony-web's ?sso=)
const providerRefusals: Record<string, MessageKey> = {
  'no-group': 'login.providerNoMappedGroup',
  refused: 'login.providerRefused',
  failed: 'login.providerFailed',
};

export default function LoginPage() {
  const { user, signIn } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [form] = Form.useForm<LoginRequest>();
  const [searchParams] = useSearchParams();
  const refusal = providerRefusals[searchParams.get('sso') ?? ''];
  const [error, setError] = useState<string | null>(null);
  const options = useQuery({ queryKey: ['sign-in-options'], queryFn: authApi.signInOptions, retry: false });
  const provider = options.data?.oidc;
  const [submitting, setSubmitting] = useState(false);
  const from = (location.state as { from?: string } | null)?.from ?? '/';

  if (user) return <Navigate to={from} replace />;

  const submit = async (values: LoginRequest) => {
    setSubmitting(true);
    setError(null);
    try {
      signIn(await authApi.login(values));
      navigate(from, { replace: true });
    } catch (e) {
      if (e instanceof ApiError && e.status === 401) setError(t('login.wrongUsernameOrPassword'));
      // the directory took the password, but no group of the user's is mapped to a department
      else if (e instanceof ApiError && e.status === 403) setError(t('login.noMappedGroup'));
      else setError(errorMessage(e));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', padding: 16 }}>
      <Card style={{ width: '100%', maxWidth: 360 }} extra={<LanguageSwitcher />}>
        <Typography.Title level={3} style={{ textAlign: 'center' }}>
          Crony
        </Typography.Title>
        {(error ?? refusal) && (
          <Alert type="error" message={error ?? (refusal ? t(refusal) : '')} showIcon style={{ marginBottom: 16 }} role="alert" />
        )}
        <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
          <Form.Item label={t('common.username')} name="username" rules={[{ required: true, message: t('login.enterYourUsername') }]}>
            <Input prefix={<UserOutlined />} autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item label={t('common.password')} name="password" rules={[{ required: true, message: t('login.enterYourPassword') }]}>
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={submitting}>
            {t('login.signIn')}
          </Button>
        </Form>
        {provider && (
          // a full page load: the provider's sign-in is the browser's, not the dashboard's
          <Button block href={provider.path} style={{ marginTop: 12 }}>
            {t('login.signInWith', { name: provider.name })}
          </Button>
        )}
      </Card>
    </div>
  );
}
