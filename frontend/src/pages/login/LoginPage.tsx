import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { errorMessage } from '../../api/errors';
import { ApiError } from '../../api/http';
import { useAuth } from '../../auth/AuthProvider';
import { authApi } from './api';
import type { LoginRequest } from './types';
import { t } from '../../i18n';
import { LanguageSwitcher } from '../../i18n/LanguageSwitcher';

export default function LoginPage() {
  const { user, signIn } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [form] = Form.useForm<LoginRequest>();
  const [error, setError] = useState<string | null>(null);
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
        {error && <Alert type="error" message={error} showIcon style={{ marginBottom: 16 }} role="alert" />}
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
      </Card>
    </div>
  );
}
