import {
  CheckCircleOutlined,
  ClockCircleOutlined,
  ExclamationCircleOutlined,
  CloseCircleOutlined,
  FieldTimeOutlined,
  HourglassOutlined,
  MinusCircleOutlined,
  StopOutlined,
  SyncOutlined,
} from '@ant-design/icons';
import { Tag } from 'antd';
import type { ReactNode } from 'react';
import type { ExecutionStatus } from './types';
import { t } from '../../i18n';

// labels are getters: read when drawn, in the current language
const LOOK: Record<ExecutionStatus, { color: string; icon: ReactNode; label: string }> = {
  PENDING: { color: 'default', icon: <ClockCircleOutlined />, get label() { return t('executions.pending'); } },
  RUNNING: { color: 'processing', icon: <SyncOutlined spin />, get label() { return t('common.running'); } },
  SUCCEEDED: { color: 'success', icon: <CheckCircleOutlined />, get label() { return t('executions.succeeded'); } },
  FAILED: { color: 'error', icon: <CloseCircleOutlined />, get label() { return t('executions.failed'); } },
  TIMED_OUT: { color: 'warning', icon: <FieldTimeOutlined />, get label() { return t('executions.timedOut'); } },
  CANCELLED: { color: 'default', icon: <StopOutlined />, get label() { return t('executions.cancelled'); } },
  SKIPPED: { color: 'default', icon: <MinusCircleOutlined />, get label() { return t('executions.skipped'); } },
  MISSED: { color: 'orange', icon: <ExclamationCircleOutlined />, get label() { return t('executions.missed'); } },
  WAITING: { color: 'purple', icon: <HourglassOutlined />, get label() { return t('executions.waiting'); } },
};

/** Chart colours per status, kept beside the tags so both read the same. */
export const STATUS_COLORS: Record<ExecutionStatus, string> = {
  PENDING: '#bfbfbf',
  RUNNING: '#1677ff',
  SUCCEEDED: '#52c41a',
  FAILED: '#ff4d4f',
  TIMED_OUT: '#faad14',
  CANCELLED: '#8c8c8c',
  SKIPPED: '#d9d9d9',
  MISSED: '#ffbb96',
  WAITING: '#b37feb',
};

export function statusLabel(status: ExecutionStatus): string {
  return LOOK[status]?.label ?? status;
}

export function StatusTag({ status }: { status: ExecutionStatus }) {
  const look = LOOK[status] ?? { color: 'default', icon: null, label: status };
  return (
    <Tag color={look.color} icon={look.icon} data-status={status}>
      {look.label}
    </Tag>
  );
}
