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

const where = (c: Channel) => (c.type === 'MAIL' ? `${(c.config.to ?? []).join(', ')} via ${c.config.host}:${c.config.port}` : c.config.url);

/** Sends a test message and says what happened, with the channel's own error when it failed. */
function TestButton({ channel }: { channel: Channel }) {
  const { message, notification } = App.useApp();
  const handleError = useApiErrorHandler();
  const queryClient = useQueryClient();
  const test = useMutation({
    mutationFn: () => alertsApi.testChannel(channel.id),
    onSuccess: (r) => {
      void queryClient.invalidateQueries({ queryKey: ['alerts'] });
      if (r.delivered) message.success(`Test message delivered through ${channel.name} in ${r.tookMillis} ms`);
      else notification.error({ message: `${channel.name}: test message not delivered`, description: `${r.error ?? 'no reason given'} (${r.attempts} attempt${r.attempts === 1 ? '' : 's'})` });
    },
    onError: (e) => handleError(e),
  });
  return (
    <Button size="small" icon={<SendOutlined />} loading={test.isPending} onClick={() => test.mutate()} aria-label={`test ${channel.name}`}>
      Send test
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
      title={<Typography.Title level={4} style={{ margin: 0 }}>Alert channels</Typography.Title>}
      extra={
        canOperate && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            New channel
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
          { title: 'Name', dataIndex: 'name' },
          { title: 'Type', dataIndex: 'type', render: (t: string) => <Tag>{t}</Tag> },
          { title: 'Sends to', key: 'where', responsive: ['md'], render: (_, c) => <Typography.Text ellipsis style={{ maxWidth: 360 }}>{where(c)}</Typography.Text> },
          { title: 'Secret', dataIndex: 'secretSet', render: (s: boolean) => (s ? <Tag color="green">set</Tag> : <Tag>none</Tag>) },
          { title: 'Platform alerts', dataIndex: 'platform', responsive: ['md'], render: (p: boolean) => (p ? 'yes' : 'no') },
          { title: 'Enabled', dataIndex: 'enabled', render: (e: boolean) => (e ? 'yes' : <Tag color="warning">disabled</Tag>) },
          ...(canOperate
            ? [
                {
                  title: '',
                  key: 'actions',
                  render: (_: unknown, c: Channel) => (
                    <Space>
                      <TestButton channel={c} />
                      <Button size="small" icon={<EditOutlined />} aria-label={`edit ${c.name}`} onClick={() => setEditing(c)} />
                      <Popconfirm title={`Delete ${c.name}?`} description="Its alert history stays." okText="Delete" okButtonProps={{ danger: true }} onConfirm={() => remove.mutate(c)}>
                        <Button size="small" danger icon={<DeleteOutlined />} aria-label={`delete ${c.name}`} />
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
