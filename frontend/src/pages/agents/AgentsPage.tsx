import { ClusterOutlined, PauseCircleOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, InputNumber, Popconfirm, Row, Space, Statistic, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useApiErrorHandler } from '../../api/errors';
import { useAuth } from '../../auth/AuthProvider';
import { QueryError } from '../../components/QueryError';
import { formatTime } from '../../format';
import { AGENTS_POLL_MS, agentsApi } from './api';
import type { Agent, AgentStatus } from './types';

const STATUS_COLOR: Record<AgentStatus, string> = { ONLINE: 'success', OFFLINE: 'error', DRAINED: 'warning' };

export default function AgentsPage() {
  // agents and the cluster are shared by every department: only a global admin changes them
  const canOperate = useAuth().user?.globalAdmin ?? false;
  const queryClient = useQueryClient();
  const handleError = useApiErrorHandler();
  const { message } = App.useApp();
  const agents = useQuery({
    queryKey: ['agents'],
    queryFn: ({ signal }) => agentsApi.list(signal),
    refetchInterval: AGENTS_POLL_MS,
  });
  const cluster = useQuery({
    queryKey: ['cluster'],
    queryFn: ({ signal }) => agentsApi.cluster(signal),
    refetchInterval: AGENTS_POLL_MS,
  });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['agents'] });
    void queryClient.invalidateQueries({ queryKey: ['cluster'] });
  };
  const setWeight = useMutation({
    mutationFn: ({ agent, weight }: { agent: Agent; weight: number }) => agentsApi.patch(agent.id, { weight }),
    onSuccess: (_, { agent, weight }) => {
      message.success(`${agent.id} weight set to ${weight}`);
      refresh();
    },
    onError: (e) => handleError(e),
  });
  const drain = useMutation({
    mutationFn: ({ agent, drained }: { agent: Agent; drained: boolean }) =>
      drained ? agentsApi.drain(agent.id) : agentsApi.undrain(agent.id),
    onSuccess: refresh,
    onError: (e) => handleError(e),
  });
  const rebalance = useMutation({
    mutationFn: agentsApi.rebalance,
    onSuccess: () => {
      message.success('Rebalance requested');
      refresh();
    },
    onError: (e) => handleError(e),
  });

  const columns: ColumnsType<Agent> = [
    { title: 'Agent', dataIndex: 'id', render: (id: string) => <Typography.Text strong>{id}</Typography.Text> },
    { title: 'Status', dataIndex: 'status', render: (s: AgentStatus) => <Tag color={STATUS_COLOR[s] ?? 'default'}>{s}</Tag> },
    { title: 'Address', key: 'addr', responsive: ['md'], render: (_, a) => `${a.host}:${a.port}` },
    {
      title: 'Weight',
      dataIndex: 'weight',
      render: (weight: number, agent) =>
        canOperate ? (
          <InputNumber
            size="small"
            min={0}
            max={1000}
            defaultValue={weight}
            key={`${agent.id}-${weight}`}
            aria-label={`weight of ${agent.id}`}
            style={{ width: 80 }}
            onBlur={(e) => {
              const next = Number(e.target.value);
              if (Number.isFinite(next) && next !== weight) setWeight.mutate({ agent, weight: next });
            }}
            onPressEnter={(e) => (e.target as HTMLInputElement).blur()}
          />
        ) : (
          weight
        ),
    },
    { title: 'Jobs held', dataIndex: 'jobsHeld' },
    {
      title: 'Labels',
      dataIndex: 'labels',
      responsive: ['md'],
      render: (labels: Agent['labels']) => Object.entries(labels ?? {}).map(([k, v]) => <Tag key={k}>{`${k}=${v}`}</Tag>),
    },
    { title: 'Version', dataIndex: 'version', responsive: ['lg'] },
    { title: 'Started', dataIndex: 'startedAt', responsive: ['lg'], render: formatTime },
    { title: 'Last seen', dataIndex: 'lastSeenAt', render: formatTime },
  ];
  if (canOperate) {
    columns.push({
      title: '',
      key: 'actions',
      render: (_, agent) =>
        agent.status === 'DRAINED' ? (
          <Button size="small" icon={<PlayCircleOutlined />} onClick={() => drain.mutate({ agent, drained: false })}>
            Undrain
          </Button>
        ) : (
          <Popconfirm
            title={`Drain ${agent.id}?`}
            description="It takes no new jobs and its jobs move to other agents."
            okText="Drain"
            onConfirm={() => drain.mutate({ agent, drained: true })}
          >
            <Button size="small" icon={<PauseCircleOutlined />} disabled={agent.status === 'OFFLINE'}>
              Drain
            </Button>
          </Popconfirm>
        ),
    });
  }

  const c = cluster.data;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card>
        <Row gutter={[16, 16]}>
          <Col xs={12} md={6}>
            <Statistic title="Leader" value={c?.leaderId ?? '—'} valueStyle={{ fontSize: 18 }} />
          </Col>
          <Col xs={12} md={6}>
            <Statistic title="Agents alive" value={c?.agentsAlive ?? '—'} />
          </Col>
          <Col xs={12} md={6}>
            <Statistic title="Jobs assigned" value={c?.jobsAssigned ?? '—'} />
          </Col>
          <Col xs={12} md={6}>
            <Statistic
              title="Jobs unassigned"
              value={c?.jobsUnassigned ?? '—'}
              valueStyle={c && c.jobsUnassigned > 0 ? { color: '#cf1322' } : undefined}
            />
          </Col>
        </Row>
      </Card>
      <Card
        title={<Typography.Title level={4} style={{ margin: 0 }}>Agents</Typography.Title>}
        extra={
          canOperate && (
            <Popconfirm
              title="Rebalance the cluster?"
              description="Moves the fewest jobs needed to even out the load."
              onConfirm={() => rebalance.mutate()}
            >
              <Tooltip title="New agents get no jobs until a rebalance">
                <Button icon={<ClusterOutlined />} loading={rebalance.isPending}>
                  Rebalance
                </Button>
              </Tooltip>
            </Popconfirm>
          )
        }
      >
        {agents.isError && <QueryError error={agents.error} onRetry={() => void agents.refetch()} />}
        <Table<Agent>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={agents.data ?? []}
          loading={agents.isLoading}
          pagination={false}
          scroll={{ x: 'max-content' }}
        />
      </Card>
    </Space>
  );
}
