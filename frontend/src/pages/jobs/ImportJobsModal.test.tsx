import { screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, problem } from '../../test/mockApi';
import { renderPage } from '../../test/render';
import { ImportJobsModal, showValue } from './ImportJobsModal';
import type { ImportResult } from './types';

const userEvent = userEventLib.setup({ delay: null });

const YAML = 'jobs:\n- name: "settle-orders"\n  schedule: "0 30 2 * * ?"\n';

const dryRun: ImportResult = {
  dryRun: true,
  created: 1,
  updated: 1,
  unchanged: 1,
  jobs: [
    {
      index: 0,
      name: 'settle-orders',
      action: 'UPDATE',
      id: 7,
      changes: [
        { field: 'schedule', before: '0 0 1 * * ?', after: '0 30 2 * * ?' },
        { field: 'labels.env', before: null, after: 'prod' },
      ],
    },
    { index: 1, name: 'rebuild-index', action: 'UNCHANGED', id: 8, changes: [] },
    { index: 2, name: 'new-report', action: 'CREATE', id: null, changes: [] },
  ],
};

function fileInput(): HTMLInputElement {
  return document.querySelector('input[type=file]') as HTMLInputElement;
}

describe('ImportJobsModal', () => {
  it('checks the chosen file as a dry run, shows each change, and writes only on apply', async () => {
    const calls = mockApi((c) => {
      if (c.path === '/jobs/import' && c.query.get('dryRun') === 'true') return { body: dryRun };
      if (c.path === '/jobs/import') return { body: { ...dryRun, dryRun: false } };
      return undefined;
    });
    renderPage(<ImportJobsModal open onClose={() => {}} />);

    await userEvent.upload(fileInput(), new File([YAML], 'jobs.yaml', { type: 'application/yaml' }));

    expect(await screen.findByText('Dry run: 1 to create, 1 to update, 1 unchanged.')).toBeInTheDocument();
    const check = calls.find((c) => c.path === '/jobs/import');
    expect(check?.method).toBe('POST');
    expect(check?.headers['Content-Type']).toBe('application/yaml');
    expect(check?.body).toBe(YAML);
    const row = screen.getByText('settle-orders').closest('tr') as HTMLElement;
    expect(within(row).getByText('UPDATE')).toBeInTheDocument();
    expect(within(row).getByText('schedule')).toBeInTheDocument();
    expect(row).toHaveTextContent('0 0 1 * * ? → 0 30 2 * * ?');
    expect(row).toHaveTextContent('labels.env — → prod');
    expect(within(screen.getByText('new-report').closest('tr') as HTMLElement).getByText('CREATE')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/jobs/import')).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Apply import' }));

    await waitFor(() => expect(calls.filter((c) => c.path === '/jobs/import')).toHaveLength(2));
    const applied = calls.filter((c) => c.path === '/jobs/import')[1];
    expect(applied?.query.get('dryRun')).toBe('false');
    expect(applied?.body).toBe(YAML);
  });

  it('lists every problem of a refused file by job and field, and offers nothing to apply', async () => {
    mockApi((c) => {
      if (c.path === '/jobs/import')
        return problem(400, 'Bad Request', '2 problems in 2 of the 3 jobs; nothing was saved', [
          { field: 'jobs[1].schedule', message: 'unknown macro @sometimes' },
          { field: 'jobs[2].target.headers.Authorization', message: 'is the mask ******' },
        ]);
      return undefined;
    });
    renderPage(<ImportJobsModal open onClose={() => {}} />);

    await userEvent.upload(fileInput(), new File(['{"jobs": []}'], 'jobs.json', { type: 'application/json' }));

    const problems = await screen.findByRole('list', { name: 'import problems' });
    expect(problems).toHaveTextContent('jobs[1].schedule unknown macro @sometimes');
    expect(problems).toHaveTextContent('jobs[2].target.headers.Authorization');
    expect(screen.getByText('2 problems in 2 of the 3 jobs; nothing was saved')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Apply import' })).toBeDisabled();
  });

  it('shows values as text, JSON for anything but a string', () => {
    expect(showValue('a')).toBe('a');
    expect(showValue(null)).toBe('—');
    expect(showValue([1, 2])).toBe('[1,2]');
    expect(showValue(3)).toBe('3');
  });
});
