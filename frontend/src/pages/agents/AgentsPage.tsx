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
import { enumLabel, t } from '../../i18n';

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
      message.success(t('agents.idWeightSetToWeight', { id: agent.id, weight }));
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
      message.success(t('agents.rebalanceRequested'));
      refresh();
    },
    onError: (e) => handleError(e),
  });

  const columns: ColumnsType<Agent> = [
    {
      title: t('common.agent'),
      dataIndex: 'id',
      render: (id: string) => (
        <Typography.Text strong data-literal>
          {id}
        </Typography.Text>
      ),
    },
    { title: t('common.status'), dataIndex: 'status', render: (s: AgentStatus) => <Tag color={STATUS_COLOR[s] ?? 'default'}>{enumLabel('agentStatus', s)}</Tag> },
    { title: t('common.address'), key: 'addr', responsive: ['md'], render: (_, a) => <span data-literal>{`${a.host}:${a.port}`}</span> },
    {
      title: t('agents.weight'),
      dataIndex: 'weight',
      render: (weight: number, agent) =>
        canOperate ? (
          <InputNumber
            size="small"
            min={0}
            max={1000}
            defaultValue={weight}
            key={`${agent.id}-${weight}`}
            aria-label={t('agents.weightOfId', { id: agent.id })}
            // typed, not stepped: rc-input-number labels its step buttons in English
            controls={false}
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
    { title: t('agents.jobsHeld'), dataIndex: 'jobsHeld' },
    {
      title: t('common.labels'),
      dataIndex: 'labels',
      responsive: ['md'],
      render: (labels: Agent['labels']) => Object.entries(labels ?? {}).map(([k, v]) => <Tag key={k}>{`${k}=${v}`}</Tag>),
    },
    { title: t('agents.version'), dataIndex: 'version', responsive: ['lg'], render: (v: string) => <span data-literal>{v}</span> },
    { title: t('common.started'), dataIndex: 'startedAt', responsive: ['lg'], render: formatTime },
    { title: t('agents.lastSeen'), dataIndex: 'lastSeenAt', render: formatTime },
  ];
  if (canOperate) {
    columns.push({
      title: '',
      key: 'actions',
      render: (_, agent) =>
        agent.status === 'DRAINED' ? (
          <Button size="small" icon={<PlayCircleOutlined />} onClick={() => drain.mutate({ agent, drained: false })}>
            {t('agents.undrain')}
          </Button>
        ) : (
          <Popconfirm
            title={t('agents.drainId', { id: agent.id })}
            description={t('agents.itTakesNoNewJobs')}
            okText={t('agents.drain')}
            onConfirm={() => drain.mutate({ agent, drained: true })}
          >
            <Button size="small" icon={<PauseCircleOutlined />} disabled={agent.status === 'OFFLINE'}>
              {t('agents.drain')}
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
            <Statistic
              title={t('agents.leader')}
              value={c?.leaderId ?? '—'}
              // the leader's id names a crony-web instance (its host): data, not words
              formatter={(id) => <span data-literal>{id}</span>}
              valueStyle={{ fontSize: 18 }}
            />
          </Col>
          <Col xs={12} md={6}>
            <Statistic title={t('common.agentsAlive')} value={c?.agentsAlive ?? '—'} />
          </Col>
          <Col xs={12} md={6}>
            <Statistic title={t('agents.jobsAssigned')} value={c?.jobsAssigned ?? '—'} />
          </Col>
          <Col xs={12} md={6}>
            <Statistic
              title={t('agents.jobsUnassigned')}
              value={c?.jobsUnassigned ?? '—'}
              valueStyle={c && c.jobsUnassigned > 0 ? { color: '#cf1322' } : undefined}
            />
          </Col>
        </Row>
      </Card>
      <Card
        title={<Typography.Title level={4} style={{ margin: 0 }}>{t('common.agents')}</Typography.Title>}
        extra={
          canOperate && (
            <Popconfirm
              title={t('agents.rebalanceTheCluster')}
              description={t('agents.movesTheFewestJobsNeeded')}
              onConfirm={() => rebalance.mutate()}
            >
              <Tooltip title={t('agents.newAgentsGetNoJobs')}>
                <Button icon={<ClusterOutlined />} loading={rebalance.isPending}>
                  {t('agents.rebalance')}
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
