import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Breadcrumb, Button, Card, Form, Input, Modal, Popconfirm, Select, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useApiErrorHandler } from '../../api/errors';
import { canAdministerDepartment, useAuth } from '../../auth/AuthProvider';
import { QueryError } from '../../components/QueryError';
import { paths } from '../../paths';
import type { Role } from '../login/types';
import { departmentsApi } from './api';
import type { AddMemberRequest, Member } from './types';
import { enumLabel, t } from '../../i18n';

const ROLES: Role[] = ['ADMIN', 'OPERATOR', 'VIEWER'];
const ROLE_COLOURS: Record<Role, string> = { ADMIN: 'red', OPERATOR: 'blue', VIEWER: 'default' };

function AddMemberModal({ departmentId, onClose }: { departmentId: number; onClose: () => void }) {
  const [form] = Form.useForm<AddMemberRequest>();
  const queryClient = useQueryClient();
  const { user, refresh } = useAuth();
  const handleError = useApiErrorHandler();
  const add = useMutation({
    mutationFn: (values: AddMemberRequest) => departmentsApi.addMember(departmentId, { ...values, username: values.username.trim() }),
    onSuccess: (member) => {
      void queryClient.invalidateQueries({ queryKey: ['departments'] });
      if (member?.username === user?.username) void refresh();
      onClose();
    },
    // 404: no such user; 409: already a member
    onError: (e) => handleError(e, form),
  });
  return (
    <Modal open title={t('departments.addMember')} onCancel={onClose} onOk={() => form.submit()} okText={t('departments.add')} confirmLoading={add.isPending} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={{ role: 'VIEWER' }} onFinish={(v) => add.mutate(v)}>
        <Form.Item label={t('common.username')} name="username" rules={[{ required: true, whitespace: true }]} extra={t('departments.anExistingUserSeeUsers')}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item label={t('departments.role')} name="role" rules={[{ required: true }]}>
          <Select options={ROLES.map((r) => ({ value: r, label: enumLabel('role', r) }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** A department's members and their roles; its ADMINs (and global admins) add, change and remove them. */
export default function MembersPage() {
  const { id = '' } = useParams();
  const departmentId = Number(id);
  const { user, refresh } = useAuth();
  const queryClient = useQueryClient();
  const handleError = useApiErrorHandler();
  const [adding, setAdding] = useState(false);
  const department = useQuery({
    queryKey: ['departments', departmentId],
    queryFn: ({ signal }) => departmentsApi.get(departmentId, signal),
    enabled: Number.isInteger(departmentId),
  });
  const members = useQuery({
    queryKey: ['departments', departmentId, 'members'],
    queryFn: ({ signal }) => departmentsApi.members(departmentId, signal),
    enabled: Number.isInteger(departmentId),
  });
  const changed = (m: Member) => {
    void queryClient.invalidateQueries({ queryKey: ['departments'] });
    // the signed-in user's own role (or membership) may have just changed
    if (m.username === user?.username) void refresh();
  };
  const changeRole = useMutation({
    mutationFn: ({ member, role }: { member: Member; role: Role }) => departmentsApi.changeRole(departmentId, member.userId, role),
    onSuccess: (_, { member }) => changed(member),
    onError: (e) => {
      handleError(e);
      void members.refetch(); // put the row's select back to what the server holds
    },
  });
  const remove = useMutation({
    mutationFn: (m: Member) => departmentsApi.removeMember(departmentId, m.userId),
    onSuccess: (_, m) => changed(m),
    // 409: it would leave the department without an ADMIN
    onError: (e) => handleError(e),
  });
  const canAdminister = canAdministerDepartment(user, departmentId);
  const name = department.data?.name ?? `#${id}`;
  return (
    <Card
      title={
        <div>
          <Breadcrumb items={[{ title: <Link to={paths.departments}>{t('common.departments')}</Link> }, { title: <span data-literal>{name}</span> }]} />
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('departments.membersOfTitle', { name })}
          </Typography.Title>
        </div>
      }
      extra={
        canAdminister && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            {t('departments.addMember')}
          </Button>
        )
      }
    >
      {department.isError && <QueryError error={department.error} onRetry={() => void department.refetch()} />}
      {members.isError && !department.isError && <QueryError error={members.error} onRetry={() => void members.refetch()} />}
      <Table<Member>
        rowKey="userId"
        size="middle"
        loading={members.isLoading}
        dataSource={members.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[
          {
            title: t('common.username'),
            dataIndex: 'username',
            render: (username: string, m) => (
              <>
                <span data-literal>{username}</span> {m.globalAdmin && <Tag color="gold">{t('common.globalAdmin')}</Tag>}
              </>
            ),
          },
          {
            title: t('departments.role'),
            dataIndex: 'role',
            render: (role: Role, m) =>
              canAdminister ? (
                <Select<Role>
                  size="small"
                  aria-label={t('departments.roleOfUsername', { username: m.username })}
                  value={role}
                  style={{ width: 120 }}
                  disabled={changeRole.isPending}
                  options={ROLES.map((r) => ({ value: r, label: enumLabel('role', r) }))}
                  onChange={(next) => changeRole.mutate({ member: m, role: next })}
                />
              ) : (
                <Tag color={ROLE_COLOURS[role]}>{enumLabel('role', role)}</Tag>
              ),
          },
          { title: t('common.enabled'), dataIndex: 'enabled', render: (e: boolean) => (e ? t('common.yes') : t('common.no')) },
          ...(canAdminister
            ? [
                {
                  title: '',
                  key: 'actions',
                  render: (_: unknown, m: Member) => (
                    <Popconfirm
                      title={t('departments.removeUsernameFromName', { username: m.username, name })}
                      okText={t('departments.remove')}
                      okButtonProps={{ danger: true }}
                      onConfirm={() => remove.mutate(m)}
                    >
                      <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('departments.removeUsername', { username: m.username })} />
                    </Popconfirm>
                  ),
                },
              ]
            : []),
        ]}
      />
      {adding && <AddMemberModal departmentId={departmentId} onClose={() => setAdding(false)} />}
    </Card>
  );
}
