import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { applyLanguage } from '../../i18n';
import { aJob } from '../../test/fixtures';
import { JobAgent } from './JobAgent';

describe('JobAgent', () => {
  it("shows the holding agent's id", () => {
    render(<JobAgent job={aJob()} />);

    expect(screen.getByText('agent-1')).toBeInTheDocument();
    expect(screen.queryByText('UNASSIGNED')).toBeNull();
  });

  it('shows a job no live agent may take as UNASSIGNED with the reason the server gives', () => {
    render(
      <JobAgent
        job={aJob({
          agentId: null,
          assignment: { strategy: null, labels: { dept: 'pay' } },
          placement: { status: 'UNASSIGNED', reason: 'no live agent matches dept=pay' },
        })}
      />,
    );

    expect(screen.getByText('UNASSIGNED')).toBeInTheDocument();
    expect(screen.getByText('no live agent matches dept=pay')).toBeInTheDocument();
  });

  it("words the server's reason code in the reader's language", () => {
    applyLanguage('zh-CN');
    render(
      <JobAgent
        job={aJob({
          agentId: null,
          placement: {
            status: 'UNASSIGNED',
            reason: 'no live agent matches dept=pay',
            reasons: [{ code: 'NO_AGENT_MATCHES', params: { labels: 'dept=pay' }, text: 'no live agent matches dept=pay' }],
          },
        })}
      />,
    );

    expect(screen.getByText('没有存活的执行节点匹配 dept=pay')).toBeInTheDocument();
    expect(screen.queryByText('no live agent matches dept=pay')).toBeNull();
  });

  it('shows a dash for a disabled job, which holds no agent', () => {
    render(<JobAgent job={aJob({ enabled: false, agentId: null, placement: { status: 'DISABLED', reason: null } })} />);

    expect(screen.getByText('—')).toBeInTheDocument();
  });
});
