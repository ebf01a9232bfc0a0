import {
  CheckCircleOutlined,
  ClockCircleOutlined,
  ExclamationCircleOutlined,
  CloseCircleOutlined,
  FieldTimeOutlined,
  MinusCircleOutlined,
  StopOutlined,
  SyncOutlined,
} from '@ant-design/icons';
import { Tag } from 'antd';
import type { ReactNode } from 'react';
import type { ExecutionStatus } from './types';

const LOOK: Record<ExecutionStatus, { color: string; icon: ReactNode; label: string }> = {
  PENDING: { color: 'default', icon: <ClockCircleOutlined />, label: 'Pending' },
  RUNNING: { color: 'processing', icon: <SyncOutlined spin />, label: 'Running' },
  SUCCEEDED: { color: 'success', icon: <CheckCircleOutlined />, label: 'Succeeded' },
  FAILED: { color: 'error', icon: <CloseCircleOutlined />, label: 'Failed' },
  TIMED_OUT: { color: 'warning', icon: <FieldTimeOutlined />, label: 'Timed out' },
  CANCELLED: { color: 'default', icon: <StopOutlined />, label: 'Cancelled' },
  SKIPPED: { color: 'default', icon: <MinusCircleOutlined />, label: 'Skipped' },
  MISSED: { color: 'orange', icon: <ExclamationCircleOutlined />, label: 'Missed' },
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
