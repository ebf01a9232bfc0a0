import { DeleteOutlined, EditOutlined, PlusOutlined, SendOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useApiErrorHandler } from '../../api/errors';
import { useCanOperate } from '../../auth/AuthProvider';
import { QueryError } from '../../components/QueryError';
import { alertsApi } from './api';
import { ChannelFormDrawer } from './ChannelFormDrawer';
import type { Channel } from './types';
import { useAlertChannels } from './useAlertChannels';
import { t } from '../../i18n';

const where = (c: Channel) => (c.type === 'MAIL' ? t('alerts.viaHost', { to: (c.config.to ?? []).join(', '), host: c.config.host ?? '', port: c.config.port ?? '' }) : c.config.url);

/** Sends a test message and says what happened, with the channel's own error when it failed. */
function TestButton({ channel }: { channel: Channel }) {
  const { message, notification } = App.useApp();
  const handleError = useApiErrorHandler();
  const queryClient = useQueryClient();
  const test = useMutation({
    mutationFn: () => alertsApi.testChannel(channel.id),
    onSuccess: (r) => {
      void queryClient.invalidateQueries({ queryKey: ['alerts'] });
      if (r.delivered) message.success(t('alerts.testMessageDeliveredThroughName', { name: channel.name, tookMillis: r.tookMillis }));
      else notification.error({ message: t('alerts.nameTestMessageNotDelivered', { name: channel.name }), description: t('alerts.errorAfterAttempts', { error: r.error ?? t('alerts.noReasonGiven'), count: r.attempts }) });
    },
    onError: (e) => handleError(e),
  });
  return (
    <Button size="small" icon={<SendOutlined />} loading={test.isPending} onClick={() => test.mutate()} aria-label={t('alerts.testName', { name: channel.name })}>
      {t('alerts.sendTest')}
    </Button>
  );
}

export default function ChannelsPage() {
  const canOperate = useCanOperate();
  const queryClient = useQueryClient();
  const handleError = useApiErrorHandler();
  const [editing, setEditing] = useState<Channel | 'new' | null>(null);
  const channels = useAlertChannels();
  const remove = useMutation({
    mutationFn: (c: Channel) => alertsApi.removeChannel(c.id),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['alert-channels'] }),
    onError: (e) => handleError(e),
  });
  return (
    <Card
      title={<Typography.Title level={4} style={{ margin: 0 }}>{t('common.alertChannels')}</Typography.Title>}
      extra={
        canOperate && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {t('alerts.newChannel')}
          </Button>
        )
      }
    >
      {channels.isError && <QueryError error={channels.error} onRetry={() => void channels.refetch()} />}
      <Table<Channel>
        rowKey="id"
        size="middle"
        loading={channels.isLoading}
        dataSource={channels.data?.items ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: t('common.name'), dataIndex: 'name', render: (name: string) => <span data-literal>{name}</span> },
          { title: t('common.type'), dataIndex: 'type', render: (t: string) => <Tag>{t}</Tag> },
          { title: t('alerts.sendsTo'), key: 'where', responsive: ['md'], render: (_, c) => <Typography.Text ellipsis style={{ maxWidth: 360 }}>{where(c)}</Typography.Text> },
          { title: t('alerts.secret'), dataIndex: 'secretSet', render: (s: boolean) => (s ? <Tag color="green">{t('alerts.set')}</Tag> : <Tag>{t('common.none')}</Tag>) },
          { title: t('alerts.platformAlerts'), dataIndex: 'platform', responsive: ['md'], render: (p: boolean) => (p ? t('common.yes') : t('common.no')) },
          { title: t('common.enabled'), dataIndex: 'enabled', render: (e: boolean) => (e ? t('common.yes') : <Tag color="warning">{t('common.disabled')}</Tag>) },
          ...(canOperate
            ? [
                {
                  title: '',
                  key: 'actions',
                  render: (_: unknown, c: Channel) => (
                    <Space>
                      <TestButton channel={c} />
                      <Button size="small" icon={<EditOutlined />} aria-label={t('common.editNameAction', { name: c.name })} onClick={() => setEditing(c)} />
                      <Popconfirm title={t('common.deleteName', { name: c.name })} description={t('alerts.itsAlertHistoryStays')} okText={t('common.delete')} okButtonProps={{ danger: true }} onConfirm={() => remove.mutate(c)}>
                        <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('common.deleteNameAction', { name: c.name })} />
                      </Popconfirm>
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      {editing && <ChannelFormDrawer channel={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}
