import { PlusOutlined, StopOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Checkbox, Form, Input, InputNumber, Modal, Popconfirm, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useApiErrorHandler } from '../../api/errors';
import { QueryError } from '../../components/QueryError';
import { formatTime } from '../../format';
import { serviceTokensApi } from './api';
import { SCOPES, type CreatedServiceToken, type CreateServiceTokenRequest, type ServiceToken, type ServiceTokenStatus } from './types';
import { enumLabel, t } from '../../i18n';

const STATUS_COLOURS: Record<ServiceTokenStatus, string> = { ACTIVE: 'green', EXPIRED: 'default', REVOKED: 'red' };

function NewTokenModal({ onCreated, onClose }: { onCreated: (created: CreatedServiceToken) => void; onClose: () => void }) {
  const [form] = Form.useForm<CreateServiceTokenRequest>();
  const queryClient = useQueryClient();
  const handleError = useApiErrorHandler();
  const create = useMutation({
    mutationFn: (values: CreateServiceTokenRequest) => serviceTokensApi.create(values),
    onSuccess: (created) => {
      void queryClient.invalidateQueries({ queryKey: ['service-tokens'] });
      onCreated(created);
    },
    onError: (e) => handleError(e, form),
  });
  return (
    <Modal open title={t('tokens.newServiceToken')} onCancel={onClose} onOk={() => form.submit()} okText={t('common.create')} confirmLoading={create.isPending} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={{ scopes: ['JOBS_READ', 'RUNS_READ'], expiresInDays: 90 }} onFinish={(v) => create.mutate(v)}>
        <Form.Item label={t('common.name')} name="name" rules={[{ required: true }]} extra={t('tokens.lettersDigitsOrARevoked')}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item label={t('tokens.scopes')} name="scopes" rules={[{ required: true, message: t('tokens.pickAtLeastOneScope') }]}>
          <Checkbox.Group options={SCOPES} />
        </Form.Item>
        <Form.Item label={t('tokens.expiresInDays')} name="expiresInDays" rules={[{ required: true }]}>
          <InputNumber min={1} max={365} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function CreatedTokenModal({ created, onClose }: { created: CreatedServiceToken; onClose: () => void }) {
  return (
    <Modal open title={t('tokens.tokenName', { name: created.serviceToken.name })} onCancel={onClose} onOk={onClose} okText={t('tokens.done')} cancelButtonProps={{ style: { display: 'none' } }}>
      <Alert type="warning" showIcon message={t('tokens.copyTheTokenNowIt')} style={{ marginBottom: 12 }} />
      <Typography.Paragraph code copyable aria-label={t('tokens.newTokenValue')}>
        {created.token}
      </Typography.Paragraph>
      <Typography.Text type="secondary">{t('tokens.sendItAsTheHeader')}</Typography.Text>
    </Modal>
  );
}

export default function ServiceTokensPage() {
  const queryClient = useQueryClient();
  const handleError = useApiErrorHandler();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedServiceToken | null>(null);
  const tokens = useQuery({ queryKey: ['service-tokens'], queryFn: ({ signal }) => serviceTokensApi.list(signal) });
  const revoke = useMutation({
    mutationFn: (t: ServiceToken) => serviceTokensApi.revoke(t.id),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['service-tokens'] }),
    onError: (e) => handleError(e),
  });
  return (
    <Card
      title={<Typography.Title level={4} style={{ margin: 0 }}>{t('common.serviceTokens')}</Typography.Title>}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
          {t('tokens.newTokenButton')}
        </Button>
      }
    >
      {tokens.isError && <QueryError error={tokens.error} onRetry={() => void tokens.refetch()} />}
      <Table<ServiceToken>
        rowKey="id"
        size="middle"
        loading={tokens.isLoading}
        dataSource={tokens.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: t('common.name'), dataIndex: 'name', render: (name: string) => <span data-literal>{name}</span> },
          { title: t('tokens.token'), dataIndex: 'tokenHint', render: (hint: string) => <Typography.Text code>{hint}…</Typography.Text> },
          { title: t('tokens.scopes'), dataIndex: 'scopes', render: (scopes: ServiceToken['scopes']) => scopes.map((s) => <Tag key={s}>{SCOPES.find((o) => o.value === s)?.label ?? s}</Tag>) },
          { title: t('common.status'), dataIndex: 'status', render: (s: ServiceTokenStatus) => <Tag color={STATUS_COLOURS[s]}>{enumLabel('tokenStatus', s)}</Tag> },
          { title: t('tokens.expires'), dataIndex: 'expiresAt', render: formatTime },
          { title: t('tokens.lastUsed'), dataIndex: 'lastUsedAt', render: formatTime },
          { title: t('tokens.createdBy'), dataIndex: 'createdBy' },
          {
            title: '',
            key: 'actions',
            render: (_, token) => (
              <Popconfirm
                title={t('tokens.revokeNameMachinesUsingIt', { name: token.name })}
                okText={t('tokens.revoke')}
                okButtonProps={{ danger: true }}
                onConfirm={() => revoke.mutate(token)}
                disabled={token.status !== 'ACTIVE'}
              >
                <Button size="small" danger icon={<StopOutlined />} aria-label={t('tokens.revokeName', { name: token.name })} disabled={token.status !== 'ACTIVE'}>
                  {t('tokens.revoke')}
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
      {creating && (
        <NewTokenModal
          onClose={() => setCreating(false)}
          onCreated={(c) => {
            setCreating(false);
            setCreated(c);
          }}
        />
      )}
      {created && <CreatedTokenModal created={created} onClose={() => setCreated(null)} />}
    </Card>
  );
}
