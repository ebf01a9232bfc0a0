import { DeleteOutlined, EditOutlined, PlusOutlined, TeamOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, InputNumber, Modal, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useApiErrorHandler } from '../../api/errors';
import { canAdministerDepartment, useAuth } from '../../auth/AuthProvider';
import { QueryError } from '../../components/QueryError';
import { formatTime } from '../../format';
import { paths } from '../../paths';
import { departmentsApi } from './api';
import { DEPARTMENT_NAME, MAX_RETENTION_DAYS, type Department } from './types';
import { t } from '../../i18n';

interface FormValues {
  name: string;
  description?: string;
  retentionDays?: number | null;
}

/** New (global admins) or edit (the department's ADMINs): the name is fixed once created. */
function DepartmentModal({ department, onClose }: { department: Department | 'new'; onClose: () => void }) {
  const [form] = Form.useForm<FormValues>();
  const queryClient = useQueryClient();
  const { refresh } = useAuth();
  const handleError = useApiErrorHandler();
  const isNew = department === 'new';
  const save = useMutation({
    mutationFn: ({ name, description, retentionDays }: FormValues) => {
      const fields = { description: description?.trim() || null, retentionDays: retentionDays ?? null };
      return isNew ? departmentsApi.create({ name, ...fields }) : departmentsApi.update(department.id, fields);
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['departments'] });
      // a global admin's switcher lists every department, the new one too
      if (isNew) void refresh();
      onClose();
    },
    onError: (e) => handleError(e, form),
  });
  return (
    <Modal
      open
      title={isNew ? t('departments.newDepartment') : t('common.editName', { name: department.name })}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={isNew ? t('common.create') : t('common.save')}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={
          isNew
            ? {}
            : { name: department.name, description: department.description ?? '', retentionDays: department.retentionDays }
        }
        onFinish={(v) => save.mutate(v)}
      >
        <Form.Item
          label={t('common.name')}
          name="name"
          rules={isNew ? [{ required: true }, { pattern: DEPARTMENT_NAME, message: t('departments.lowerCaseLettersDigitsAnd') }] : []}
          extra={isNew ? t('departments.sentAsTheXCrony') : undefined}
        >
          <Input autoComplete="off" disabled={!isNew} />
        </Form.Item>
        <Form.Item label={t('common.description')} name="description" rules={[{ max: 255, message: t('departments.atMost255Characters') }]}>
          <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} />
        </Form.Item>
        <Form.Item label={t('departments.retentionDays')} name="retentionDays" extra={t('departments.retentionHelp')}>
          <InputNumber min={1} max={MAX_RETENTION_DAYS} precision={0} style={{ width: 160 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** All departments for a global admin; for everyone else the ones they belong to, read-only unless ADMIN there. */
export default function DepartmentsPage() {
  const { user, refresh } = useAuth();
  const queryClient = useQueryClient();
  const handleError = useApiErrorHandler();
  const [editing, setEditing] = useState<Department | 'new' | null>(null);
  const departments = useQuery({ queryKey: ['departments'], queryFn: ({ signal }) => departmentsApi.list(signal) });
  const remove = useMutation({
    mutationFn: (d: Department) => departmentsApi.remove(d.id),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['departments'] });
      void refresh();
    },
    // 409 while it still holds jobs, channels or tokens: the problem's detail says which
    onError: (e) => handleError(e),
  });
  const globalAdmin = user?.globalAdmin ?? false;
  return (
    <Card
      title={<Typography.Title level={4} style={{ margin: 0 }}>{t('common.departments')}</Typography.Title>}
      extra={
        globalAdmin && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {t('departments.newDepartment')}
          </Button>
        )
      }
    >
      {departments.isError && <QueryError error={departments.error} onRetry={() => void departments.refetch()} />}
      <Table<Department>
        rowKey="id"
        size="middle"
        loading={departments.isLoading}
        dataSource={departments.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[
          {
            title: t('common.name'),
            dataIndex: 'name',
            render: (name: string) => (
              <Space>
                <span data-literal>{name}</span>
                {name === user?.department?.name && <Tag color="blue">{t('departments.current')}</Tag>}
              </Space>
            ),
          },
          {
            title: t('common.description'),
            dataIndex: 'description',
            // a long description folds to one line: the actions stay in view at 1366 px; the
            // default department's seeded one is no stored sentence but words in the reader's language
            render: (stored: string | null, department: Department) => {
              const d = stored || (department.name === 'default' ? t('departments.defaultDescription') : null);
              return d ? (
                <Typography.Text ellipsis={{ tooltip: d }} style={{ maxWidth: 280 }} data-literal={stored ? true : undefined}>
                  {d}
                </Typography.Text>
              ) : (
                '—'
              );
            },
          },
          {
            title: t('common.retention'),
            dataIndex: 'retentionDays',
            render: (days: number | null) => (days == null ? <Typography.Text type="secondary">{t('departments.platformDefault')}</Typography.Text> : t('common.countDays', { count: days })),
          },
          {
            title: t('departments.members'),
            dataIndex: 'memberCount',
            render: (count: number, d) => (
              <Link to={paths.members(d.id)} aria-label={t('departments.membersOfName', { name: d.name })}>
                <Space size={4}>
                  <TeamOutlined />
                  {count}
                </Space>
              </Link>
            ),
          },
          { title: t('common.jobs'), dataIndex: 'jobCount' },
          { title: t('common.created'), dataIndex: 'createdAt', render: formatTime },
          {
            title: '',
            key: 'actions',
            render: (_, d) => (
              <Space>
                {canAdministerDepartment(user, d.id) && (
                  <Button size="small" icon={<EditOutlined />} aria-label={t('common.editNameAction', { name: d.name })} onClick={() => setEditing(d)} />
                )}
                {globalAdmin && (
                  <Popconfirm
                    title={t('departments.deleteNameOnlyAnEmpty', { name: d.name })}
                    okText={t('common.delete')}
                    okButtonProps={{ danger: true }}
                    onConfirm={() => remove.mutate(d)}
                  >
                    <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('common.deleteNameAction', { name: d.name })} />
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      {editing && <DepartmentModal department={editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}
