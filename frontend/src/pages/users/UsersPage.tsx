import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, Modal, Popconfirm, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useApiErrorHandler } from '../../api/errors';
import { useAuth } from '../../auth/AuthProvider';
import { QueryError } from '../../components/QueryError';
import type { Role } from '../login/types';
import { usersApi } from './api';
import type { CreateUserRequest, User } from './types';

const ROLES: Role[] = ['ADMIN', 'OPERATOR', 'VIEWER'];

const ROLE_COLOURS: Record<Role, string> = { ADMIN: 'red', OPERATOR: 'blue', VIEWER: 'default' };

function UserModal({ user, department, onClose }: { user: User | 'new'; department: string; onClose: () => void }) {
  const [form] = Form.useForm<CreateUserRequest>();
  const queryClient = useQueryClient();
  const { user: me, refresh } = useAuth();
  const handleError = useApiErrorHandler();
  const isNew = user === 'new';
  const save = useMutation({
    mutationFn: ({ username, password, role, globalAdmin, enabled }: CreateUserRequest) =>
      isNew
        ? usersApi.create({ username, password, role: role ?? undefined, globalAdmin, enabled })
        : usersApi.update(user.id, { role: role ?? undefined, globalAdmin, enabled, password: password || undefined }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['users'] });
      void queryClient.invalidateQueries({ queryKey: ['departments'] });
      if (!isNew && user.username === me?.username) void refresh();
      onClose();
    },
    onError: (e) => handleError(e, form),
  });
  return (
    <Modal
      open
      title={isNew ? 'New user' : `Edit ${user.username}`}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={
          isNew
            ? { role: 'VIEWER', globalAdmin: false, enabled: true }
            : { username: user.username, role: user.role ?? undefined, globalAdmin: user.globalAdmin, enabled: user.enabled }
        }
        onFinish={(v) => save.mutate(v)}
      >
        <Form.Item label="Username" name="username" rules={[{ required: true }]}>
          <Input autoComplete="off" disabled={!isNew} />
        </Form.Item>
        <Form.Item
          label="Password"
          name="password"
          rules={[
            ...(isNew ? [{ required: true, message: 'A new user needs a password' }] : []),
            { min: 12, max: 72, message: '12 to 72 characters' },
          ]}
          extra={isNew ? undefined : 'Leave blank to keep the current password'}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label={`Role in ${department}`}
          name="role"
          extra={
            isNew || user.role === null
              ? `Empty: no member of ${department}; other departments add members on their Members page`
              : 'Other departments: on their Members page'
          }
        >
          <Select allowClear={isNew || user.role === null} placeholder="not a member" options={ROLES.map((r) => ({ value: r }))} />
        </Form.Item>
        <Form.Item label="Global admin" name="globalAdmin" valuePropName="checked" extra="ADMIN in every department; manages users and departments">
          <Switch />
        </Form.Item>
        <Form.Item label="Enabled" name="enabled" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export default function UsersPage() {
  const { user: me } = useAuth();
  const queryClient = useQueryClient();
  const handleError = useApiErrorHandler();
  const [editing, setEditing] = useState<User | 'new' | null>(null);
  const department = me?.department?.name ?? 'the current department';
  const users = useQuery({ queryKey: ['users'], queryFn: ({ signal }) => usersApi.list(signal) });
  const remove = useMutation({
    mutationFn: (u: User) => usersApi.remove(u.id),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['users'] }),
    onError: (e) => handleError(e),
  });
  return (
    <Card
      title={<Typography.Title level={4} style={{ margin: 0 }}>Users</Typography.Title>}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          New user
        </Button>
      }
    >
      {users.isError && <QueryError error={users.error} onRetry={() => void users.refetch()} />}
      <Table<User>
        rowKey="id"
        size="middle"
        loading={users.isLoading}
        dataSource={users.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: 'Username', dataIndex: 'username' },
          {
            title: `Role in ${department}`,
            dataIndex: 'role',
            render: (r: Role | null) => (r ? <Tag color={ROLE_COLOURS[r]}>{r}</Tag> : <Typography.Text type="secondary">—</Typography.Text>),
          },
          { title: 'Global admin', dataIndex: 'globalAdmin', render: (g: boolean) => (g ? <Tag color="gold">global admin</Tag> : 'no') },
          {
            title: 'Departments',
            dataIndex: 'departments',
            render: (departments: User['departments'] | undefined) =>
              (departments ?? []).map((d) => (
                <Tag key={d.id}>
                  {d.name}: {d.role}
                </Tag>
              )),
          },
          { title: 'Enabled', dataIndex: 'enabled', render: (e: boolean) => (e ? 'yes' : 'no') },
          {
            title: '',
            key: 'actions',
            render: (_, u) => (
              <Space>
                <Button size="small" icon={<EditOutlined />} aria-label={`edit ${u.username}`} onClick={() => setEditing(u)} />
                <Popconfirm
                  title={`Delete ${u.username}?`}
                  okText="Delete"
                  okButtonProps={{ danger: true }}
                  onConfirm={() => remove.mutate(u)}
                  disabled={u.username === me?.username}
                >
                  <Button size="small" danger icon={<DeleteOutlined />} aria-label={`delete ${u.username}`} disabled={u.username === me?.username} />
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      {editing && <UserModal user={editing} department={department} onClose={() => setEditing(null)} />}
    </Card>
  );
}
