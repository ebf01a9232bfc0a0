import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, Modal, Popconfirm, Select, Table, Tag, Typography } from 'antd';
import { useState, type TdHTMLAttributes } from 'react';
import { useApiErrorHandler } from '../../api/errors';
import { ApiError } from '../../api/http';
import { QueryError } from '../../components/QueryError';
import { formatTime } from '../../format';
import { departmentsApi } from '../departments/api';
import type { Role } from '../login/types';
import { groupMappingsApi } from './api';
import type { GroupMapping, GroupMappingRequest } from './types';
import { enumLabel, t } from '../../i18n';

const ROLES: Role[] = ['ADMIN', 'OPERATOR', 'VIEWER'];
const ROLE_COLOURS: Record<Role, string> = { ADMIN: 'red', OPERATOR: 'blue', VIEWER: 'default' };

function NewMappingModal({ onClose }: { onClose: () => void }) {
  const [form] = Form.useForm<GroupMappingRequest>();
  const queryClient = useQueryClient();
  const handleError = useApiErrorHandler();
  const departments = useQuery({ queryKey: ['departments'], queryFn: ({ signal }) => departmentsApi.list(signal) });
  const create = useMutation({
    mutationFn: (values: GroupMappingRequest) => groupMappingsApi.create(values),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['sso-group-mappings'] });
      onClose();
    },
    onError: (e) => {
      // a 409 names no field, but it is the group (already mapped to that department) that must change
      if (e instanceof ApiError && e.status === 409) form.setFields([{ name: 'group', errors: [t('sso.groupAlreadyMapped')] }]);
      else handleError(e, form);
    },
  });
  return (
    <Modal open title={t('sso.newGroupMapping')} onCancel={onClose} onOk={() => form.submit()} okText={t('departments.add')} confirmLoading={create.isPending} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={{ role: 'VIEWER' }} onFinish={(v) => create.mutate(v)}>
        <Form.Item label={t('sso.group')} name="group" rules={[{ required: true, whitespace: true, message: t('sso.enterTheGroup') }]} extra={t('sso.groupHint')}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item label={t('layout.department')} name="department" rules={[{ required: true, message: t('sso.pickADepartment') }]}>
          <Select
            showSearch
            loading={departments.isLoading}
            options={(departments.data ?? []).map((d) => ({ value: d.name, label: d.name }))}
          />
        </Form.Item>
        <Form.Item label={t('departments.role')} name="role" rules={[{ required: true }]}>
          <Select options={ROLES.map((r) => ({ value: r, label: enumLabel('role', r) }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Which directory or OpenID Connect groups grant which role in which department (global admins). */
export default function GroupMappingsPage() {
  const queryClient = useQueryClient();
  const handleError = useApiErrorHandler();
  const [adding, setAdding] = useState(false);
  const mappings = useQuery({ queryKey: ['sso-group-mappings'], queryFn: ({ signal }) => groupMappingsApi.list(signal) });
  const remove = useMutation({
    mutationFn: (m: GroupMapping) => groupMappingsApi.remove(m.id),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['sso-group-mappings'] }),
    onError: (e) => handleError(e),
  });
  return (
    <Card
      title={<Typography.Title level={4} style={{ margin: 0 }}>{t('sso.groupMappings')}</Typography.Title>}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
          {t('sso.newMapping')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t('sso.mappingsExplained')}</Typography.Paragraph>
      {mappings.isError && <QueryError error={mappings.error} onRetry={() => void mappings.refetch()} />}
      <Table<GroupMapping>
        rowKey="id"
        size="middle"
        loading={mappings.isLoading}
        dataSource={mappings.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: t('sso.group'), dataIndex: 'group', render: (group: string) => <Typography.Text code>{group}</Typography.Text> },
          { title: t('layout.department'), dataIndex: 'department', onCell: () => ({ 'data-literal': true }) as TdHTMLAttributes<HTMLTableCellElement> },
          { title: t('departments.role'), dataIndex: 'role', render: (role: Role) => <Tag color={ROLE_COLOURS[role]}>{enumLabel('role', role)}</Tag> },
          { title: t('tokens.createdBy'), dataIndex: 'createdBy', onCell: () => ({ 'data-literal': true }) as TdHTMLAttributes<HTMLTableCellElement> },
          { title: t('common.created'), dataIndex: 'createdAt', render: formatTime },
          {
            title: '',
            key: 'actions',
            render: (_, m) => (
              <Popconfirm
                title={t('sso.removeMappingConfirm', { group: m.group, department: m.department })}
                okText={t('departments.remove')}
                okButtonProps={{ danger: true }}
                onConfirm={() => remove.mutate(m)}
              >
                <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('sso.removeMapping', { group: m.group, department: m.department })} />
              </Popconfirm>
            ),
          },
        ]}
      />
      {adding && <NewMappingModal onClose={() => setAdding(false)} />}
    </Card>
  );
}
