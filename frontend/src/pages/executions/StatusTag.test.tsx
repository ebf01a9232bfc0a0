import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StatusTag } from './StatusTag';
import { EXECUTION_STATUSES, type ExecutionStatus } from './types';

describe('StatusTag', () => {
  const expected: Record<ExecutionStatus, { label: string; className: string | null }> = {
    PENDING: { label: 'Pending', className: 'ant-tag-default' },
    RUNNING: { label: 'Running', className: 'ant-tag-processing' },
    SUCCEEDED: { label: 'Succeeded', className: 'ant-tag-success' },
    FAILED: { label: 'Failed', className: 'ant-tag-error' },
    TIMED_OUT: { label: 'Timed out', className: 'ant-tag-warning' },
    CANCELLED: { label: 'Cancelled', className: 'ant-tag-default' },
    SKIPPED: { label: 'Skipped', className: 'ant-tag-default' },
    MISSED: { label: 'Missed', className: 'ant-tag-orange' },
    WAITING: { label: 'Waiting', className: 'ant-tag-purple' },
  };

  it.each(EXECUTION_STATUSES)('shows %s with its own label and colour', (status) => {
    render(<StatusTag status={status} />);
    const tag = screen.getByText(expected[status].label).closest('.ant-tag');
    expect(tag).toHaveAttribute('data-status', status);
    if (expected[status].className) expect(tag).toHaveClass(expected[status].className!);
  });

  it('spins the icon of a running execution only', () => {
    const { container, rerender } = render(<StatusTag status="RUNNING" />);
    expect(container.querySelector('.anticon-spin')).not.toBeNull();
    rerender(<StatusTag status="SUCCEEDED" />);
    expect(container.querySelector('.anticon-spin')).toBeNull();
  });

  it('still shows a status the dashboard does not know yet', () => {
    render(<StatusTag status={'PAUSED' as ExecutionStatus} />);
    expect(screen.getByText('PAUSED')).toBeInTheDocument();
  });
});
