import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, Modal, Popconfirm, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import { useState, type TdHTMLAttributes } from 'react';
import { useApiErrorHandler } from '../../api/errors';
import { useAuth } from '../../auth/AuthProvider';
import { QueryError } from '../../components/QueryError';
import type { Role } from '../login/types';
import { usersApi } from './api';
import type { CreateUserRequest, User } from './types';
import { enumLabel, t } from '../../i18n';

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
      title={isNew ? t('users.newUser') : t('users.editUsername', { username: user.username })}
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
        <Form.Item label={t('common.username')} name="username" rules={[{ required: true }]}>
          <Input autoComplete="off" disabled={!isNew} />
        </Form.Item>
        <Form.Item
          label={t('common.password')}
          name="password"
          rules={[
            ...(isNew ? [{ required: true, message: t('users.aNewUserNeedsA') }] : []),
            { min: 12, max: 72, message: t('users.passwordLength') },
          ]}
          extra={isNew ? undefined : t('users.leaveBlankToKeepThe')}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label={t('users.roleInDepartment', { department })}
          name="role"
          extra={
            isNew || user.role === null
              ? t('users.emptyNoMemberOfDepartment', { department })
              : t('users.otherDepartmentsOnTheirMembers')
          }
        >
          <Select allowClear={isNew || user.role === null} placeholder={t('users.notAMember')} options={ROLES.map((r) => ({ value: r, label: enumLabel('role', r) }))} />
        </Form.Item>
        <Form.Item label={t('users.globalAdmin')} name="globalAdmin" valuePropName="checked" extra={t('users.adminInEveryDepartmentManages')}>
          <Switch />
        </Form.Item>
        <Form.Item label={t('common.enabled')} name="enabled" valuePropName="checked">
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
  const department = me?.department?.name ?? t('users.theCurrentDepartment');
  const users = useQuery({ queryKey: ['users'], queryFn: ({ signal }) => usersApi.list(signal) });
  const remove = useMutation({
    mutationFn: (u: User) => usersApi.remove(u.id),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['users'] }),
    onError: (e) => handleError(e),
  });
  return (
    <Card
      title={<Typography.Title level={4} style={{ margin: 0 }}>{t('common.users')}</Typography.Title>}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          {t('users.newUser')}
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
          // a user name is data, as typed (the browser tests' check for English skips it)
          { title: t('common.username'), dataIndex: 'username', onCell: () => ({ 'data-literal': true }) as TdHTMLAttributes<HTMLTableCellElement> },
          {
            title: t('users.roleInDepartment', { department }),
            dataIndex: 'role',
            render: (r: Role | null) => (r ? <Tag color={ROLE_COLOURS[r]}>{enumLabel('role', r)}</Tag> : <Typography.Text type="secondary">—</Typography.Text>),
          },
          { title: t('users.globalAdmin'), dataIndex: 'globalAdmin', render: (g: boolean) => (g ? <Tag color="gold">{t('common.globalAdmin')}</Tag> : t('common.no')) },
          {
            title: t('common.departments'),
            dataIndex: 'departments',
            render: (departments: User['departments'] | undefined) =>
              (departments ?? []).map((d) => (
                <Tag key={d.id} data-literal={d.name}>
                  {d.name}: {enumLabel('role', d.role)}
                </Tag>
              )),
          },
          { title: t('common.enabled'), dataIndex: 'enabled', render: (e: boolean) => (e ? t('common.yes') : t('common.no')) },
          {
            title: '',
            key: 'actions',
            render: (_, u) => (
              <Space>
                <Button size="small" icon={<EditOutlined />} aria-label={t('users.editUsernameAction', { username: u.username })} onClick={() => setEditing(u)} />
                <Popconfirm
                  title={t('users.deleteUsername', { username: u.username })}
                  okText={t('common.delete')}
                  okButtonProps={{ danger: true }}
                  onConfirm={() => remove.mutate(u)}
                  disabled={u.username === me?.username}
                >
                  <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('users.deleteUsernameAction', { username: u.username })} disabled={u.username === me?.username} />
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
