import { PlusOutlined, StopOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Checkbox, Form, Input, InputNumber, Modal, Popconfirm, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useApiErrorHandler } from '../../api/errors';
import { QueryError } from '../../components/QueryError';
import { formatTime } from '../../format';
import { serviceTokensApi } from './api';
import { SCOPES, type CreatedServiceToken, type CreateServiceTokenRequest, type ServiceToken, type ServiceTokenStatus } from './types';

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
    <Modal open title="New service token" onCancel={onClose} onOk={() => form.submit()} okText="Create" confirmLoading={create.isPending} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={{ scopes: ['JOBS_READ', 'RUNS_READ'], expiresInDays: 90 }} onFinish={(v) => create.mutate(v)}>
        <Form.Item label="Name" name="name" rules={[{ required: true }]} extra="Letters, digits, '.', '_' or '-'; a revoked token keeps its name">
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item label="Scopes" name="scopes" rules={[{ required: true, message: 'Pick at least one scope' }]}>
          <Checkbox.Group options={SCOPES} />
        </Form.Item>
        <Form.Item label="Expires in (days)" name="expiresInDays" rules={[{ required: true }]}>
          <InputNumber min={1} max={365} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function CreatedTokenModal({ created, onClose }: { created: CreatedServiceToken; onClose: () => void }) {
  return (
    <Modal open title={`Token ${created.serviceToken.name}`} onCancel={onClose} onOk={onClose} okText="Done" cancelButtonProps={{ style: { display: 'none' } }}>
      <Alert type="warning" showIcon message="Copy the token now: it is shown only this once." style={{ marginBottom: 12 }} />
      <Typography.Paragraph code copyable aria-label="new token">
        {created.token}
      </Typography.Paragraph>
      <Typography.Text type="secondary">Send it as the header Authorization: Bearer &lt;token&gt;.</Typography.Text>
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
      title={<Typography.Title level={4} style={{ margin: 0 }}>Service tokens</Typography.Title>}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
          New token
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
          { title: 'Name', dataIndex: 'name' },
          { title: 'Token', dataIndex: 'tokenHint', render: (hint: string) => <Typography.Text code>{hint}…</Typography.Text> },
          { title: 'Scopes', dataIndex: 'scopes', render: (scopes: ServiceToken['scopes']) => scopes.map((s) => <Tag key={s}>{s}</Tag>) },
          { title: 'Status', dataIndex: 'status', render: (s: ServiceTokenStatus) => <Tag color={STATUS_COLOURS[s]}>{s}</Tag> },
          { title: 'Expires', dataIndex: 'expiresAt', render: formatTime },
          { title: 'Last used', dataIndex: 'lastUsedAt', render: formatTime },
          { title: 'Created by', dataIndex: 'createdBy' },
          {
            title: '',
            key: 'actions',
            render: (_, t) => (
              <Popconfirm
                title={`Revoke ${t.name}? Machines using it are refused from now on.`}
                okText="Revoke"
                okButtonProps={{ danger: true }}
                onConfirm={() => revoke.mutate(t)}
                disabled={t.status !== 'ACTIVE'}
              >
                <Button size="small" danger icon={<StopOutlined />} aria-label={`revoke ${t.name}`} disabled={t.status !== 'ACTIVE'}>
                  Revoke
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
