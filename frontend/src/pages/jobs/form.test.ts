import { describe, expect, it } from 'vitest';
import { aJob } from '../../test/fixtures';
import { newJobValues, retryAfterStrategyChange, toFormValues, toJobRequest, upstreamChoices } from './form';

describe('job form conversion', () => {
  it('round-trips a job through the form unchanged', () => {
    const job = aJob();
    const { id: _id, createdAt: _c, updatedAt: _u, createdBy: _b, agentId: _a, lastExecution: _l, nextFireAt: _n, ...request } = job;
    expect(toJobRequest(toFormValues(job), job.version)).toEqual(request);
  });

  it('sends owner, contact and labels, blanks as null so the server keeps the owner or the creator owns it', () => {
    const values = toFormValues(aJob({ owner: 'bob', contact: 'pay@example.com', labels: { team: 'pay', env: 'prod' } }));
    expect(values.labels).toEqual([
      { key: 'team', value: 'pay' },
      { key: 'env', value: 'prod' },
    ]);
    expect(toJobRequest(values)).toMatchObject({ owner: 'bob', contact: 'pay@example.com', labels: { team: 'pay', env: 'prod' } });
    values.owner = '  ';
    values.contact = '';
    values.labels = [{ key: ' team ', value: 'ops' }, { key: '', value: 'dropped' }];
    expect(toJobRequest(values)).toMatchObject({ owner: null, contact: null, labels: { team: 'ops' } });
    expect(toJobRequest(newJobValues())).toMatchObject({ owner: null, contact: null, labels: {} });
  });

  it('sends the job own retention and an emptied field as null (the platform default)', () => {
    const values = toFormValues(aJob({ retention: { days: 90, maxCount: null } }));
    expect(values.retention).toEqual({ days: 90, maxCount: null });
    expect(toJobRequest(values).retention).toEqual({ days: 90, maxCount: null });
    values.retention = { days: undefined, maxCount: 500 };
    expect(toJobRequest(values).retention).toEqual({ days: null, maxCount: 500 });
    expect(toJobRequest(newJobValues()).retention).toEqual({ days: null, maxCount: null });
  });

  it('offers the failure rate defaults where a job has none, and saves no rate unless switched on', () => {
    const values = toFormValues(aJob({ alerts: { channelIds: [3], onFailure: true, onTimeout: true, onRecovery: false, failureRate: null } }));
    expect(values.alerts).toMatchObject({ failureRateOn: false, failureRatePercent: 50, windowMinutes: 10, minRuns: 5 });
    expect(toJobRequest(values).alerts?.failureRate).toBeNull();
    values.alerts.failureRateOn = true;
    expect(toJobRequest(values).alerts?.failureRate).toEqual({ threshold: 0.5, windowMinutes: 10, minRuns: 5 });
    expect(toFormValues(aJob({ alerts: null })).alerts).toEqual(newJobValues().alerts);
  });

  it('sends a shell target without HTTP fields and the cluster default as null', () => {
    const values = newJobValues();
    values.name = ' purge ';
    values.target = { ...values.target, type: 'SHELL', url: 'ignored', command: 'rm -rf /tmp/cache/*', successCodes: ['0' as unknown as number] };
    const request = toJobRequest(values);
    expect(request.name).toBe('purge');
    expect(request.target).toEqual({
      type: 'SHELL',
      method: null,
      url: null,
      headers: {},
      body: null,
      mode: 'SYNC',
      command: 'rm -rf /tmp/cache/*',
      successCodes: [0],
    });
    expect(request.assignment.strategy).toBeNull();
    expect(request).not.toHaveProperty('version');
  });

  it('sends a discovered target instance choice, none for round-robin or for an address that names one instance', () => {
    const job = aJob({ target: { type: 'HTTP', method: 'POST', url: 'lb://billing/settle', mode: 'SYNC', instanceChoice: 'LEAST_ACTIVE' } });
    const values = toFormValues(job);
    expect(values.target.instanceChoice).toBe('LEAST_ACTIVE');
    expect(toJobRequest(values).target.instanceChoice).toBe('LEAST_ACTIVE');
    values.target.instanceChoice = 'ROUND_ROBIN';
    expect(toJobRequest(values).target).not.toHaveProperty('instanceChoice');
    values.target = { ...values.target, url: 'http://billing.internal/settle', instanceChoice: 'CONSISTENT_HASH' };
    expect(toJobRequest(values).target).not.toHaveProperty('instanceChoice');
    values.target = { ...values.target, type: 'GRPC', url: 'discovery:///billing/settle' };
    expect(toJobRequest(values).target.instanceChoice).toBe('CONSISTENT_HASH');
    values.target = { ...values.target, url: 'static://billing:9090/settle' };
    expect(toJobRequest(values).target).not.toHaveProperty('instanceChoice');
    expect(toFormValues(aJob()).target.instanceChoice).toBe('ROUND_ROBIN');
  });

  it('reads a stored sharding as the calls-per-fire choice and sends the flat fields back', () => {
    const sharded = toFormValues(aJob({ target: { type: 'HTTP', method: 'POST', url: 'lb://billing/settle', mode: 'SYNC', sharding: { shards: 3, params: ['a-h', 'i-p', 'q-z'], broadcast: false } } }));
    expect(sharded.target).toMatchObject({ callsPerFire: 'SHARDS', shards: 3, shardParams: 'a-h\ni-p\nq-z' });
    expect(toJobRequest(sharded).target).toMatchObject({ shards: 3, shardParams: ['a-h', 'i-p', 'q-z'] });
    expect(toJobRequest(sharded).target).not.toHaveProperty('broadcast');

    const broadcast = toFormValues(aJob({ target: { type: 'GRPC', url: 'discovery:///billing/Settle', mode: 'SYNC', sharding: { shards: 0, params: [], broadcast: true } } }));
    expect(broadcast.target.callsPerFire).toBe('BROADCAST');
    expect(toJobRequest(broadcast).target).toMatchObject({ broadcast: true });
    expect(toJobRequest(broadcast).target).not.toHaveProperty('shards');

    const one = toFormValues(aJob({ target: { type: 'HTTP', method: 'POST', url: 'lb://billing/settle', mode: 'SYNC' } }));
    expect(one.target.callsPerFire).toBe('ONE');
    expect(toJobRequest(one).target).not.toHaveProperty('shards');
    expect(toJobRequest(one).target).not.toHaveProperty('broadcast');
  });

  it('sends a shell target\'s environment back unchanged, and none for another type', () => {
    const shell = toFormValues(aJob({ target: { type: 'SHELL', mode: 'SYNC', command: 'printenv DAY', env: { DAY: '${yyyyMMdd,-1d}' } } }));
    expect(toJobRequest(shell).target).toMatchObject({ env: { DAY: '${yyyyMMdd,-1d}' } });
    shell.target.type = 'HTTP';
    expect(toJobRequest(shell).target).not.toHaveProperty('env');
    const plain = toFormValues(aJob({ target: { type: 'SHELL', mode: 'SYNC', command: 'echo hi' } }));
    expect(toJobRequest(plain).target).not.toHaveProperty('env');
  });

  it('keeps the limit on a sharded or broadcast fire as a whole, and sends none for one call', () => {
    const sharded = toFormValues(aJob({ target: { type: 'HTTP', method: 'POST', url: 'lb://billing/settle', mode: 'SYNC', sharding: { shards: 2, params: [], broadcast: false, timeoutSeconds: 600 } } }));
    expect(sharded.target.shardsTimeoutSeconds).toBe(600);
    expect(toJobRequest(sharded).target).toMatchObject({ shards: 2, shardsTimeoutSeconds: 600 });
    sharded.target.callsPerFire = 'BROADCAST';
    expect(toJobRequest(sharded).target).toMatchObject({ broadcast: true, shardsTimeoutSeconds: 600 });
    sharded.target.callsPerFire = 'ONE';
    expect(toJobRequest(sharded).target).not.toHaveProperty('shardsTimeoutSeconds');
    sharded.target.callsPerFire = 'SHARDS';
    sharded.target.shardsTimeoutSeconds = null;
    expect(toJobRequest(sharded).target).not.toHaveProperty('shardsTimeoutSeconds');
  });

  it('sends shard parameters one per line, without trailing empty lines, and none when left empty', () => {
    const values = newJobValues();
    values.target = { ...values.target, url: 'lb://billing/settle', callsPerFire: 'SHARDS', shards: 2, shardParams: 'a\r\n\n' };
    expect(toJobRequest(values).target).toMatchObject({ shards: 2, shardParams: ['a'] });
    values.target.shardParams = 'a\n\nc\n';
    expect(toJobRequest(values).target.shardParams).toEqual(['a', '', 'c']);
    values.target.shardParams = '  ';
    expect(toJobRequest(values).target).not.toHaveProperty('shardParams');
    expect(toJobRequest(values).target.shards).toBe(2);
  });

  it('sends no sharding for an address that names one instance or an ASYNC target', () => {
    const values = newJobValues();
    values.target = { ...values.target, url: 'http://billing.internal/settle', callsPerFire: 'SHARDS', shards: 4 };
    expect(toJobRequest(values).target).not.toHaveProperty('shards');
    values.target = { ...values.target, url: 'lb://billing/settle', mode: 'ASYNC', callsPerFire: 'BROADCAST' };
    expect(toJobRequest(values).target).not.toHaveProperty('broadcast');
  });

  it('sends the status handler of an ASYNC GRPC target, trimmed, and none for a SYNC one', () => {
    const values = toFormValues(aJob({ target: { type: 'GRPC', url: 'static://billing:9090/rebuild-index', mode: 'ASYNC', statusUrl: ' /rebuild-index-status ' } }));
    expect(toJobRequest(values).target.statusUrl).toBe('/rebuild-index-status');
    values.target.mode = 'SYNC';
    expect(toJobRequest(values).target).not.toHaveProperty('statusUrl');
  });

  it('sends the status URL of an ASYNC HTTP target only, trimmed, and none when left empty', () => {
    const values = toFormValues(aJob({ target: { type: 'HTTP', method: 'POST', url: 'lb://billing/export', mode: 'ASYNC', statusUrl: '/exports/${executionId}' } }));
    expect(values.target.statusUrl).toBe('/exports/${executionId}');
    expect(toJobRequest(values).target.statusUrl).toBe('/exports/${executionId}');
    values.target.statusUrl = '  ';
    expect(toJobRequest(values).target).not.toHaveProperty('statusUrl');
    values.target = { ...values.target, statusUrl: ' /exports/1 ', mode: 'SYNC' };
    expect(toJobRequest(values).target).not.toHaveProperty('statusUrl');
    values.target.mode = 'ASYNC';
    expect(toJobRequest(values).target.statusUrl).toBe('/exports/1');
  });

  it('sends the progress timeout of an ASYNC discovered target only, and none when left empty', () => {
    const values = toFormValues(aJob({ target: { type: 'HTTP', method: 'POST', url: 'lb://billing/export', mode: 'ASYNC', progressTimeoutSeconds: 30 } }));
    expect(values.target.progressTimeoutSeconds).toBe(30);
    expect(toJobRequest(values).target.progressTimeoutSeconds).toBe(30);
    values.target = { ...values.target, mode: 'SYNC' };
    expect(toJobRequest(values).target).not.toHaveProperty('progressTimeoutSeconds');
    values.target = { ...values.target, mode: 'ASYNC', url: 'http://billing/export' };
    expect(toJobRequest(values).target).not.toHaveProperty('progressTimeoutSeconds');
    values.target = { ...values.target, type: 'GRPC', url: 'discovery:///billing' };
    expect(toJobRequest(values).target.progressTimeoutSeconds).toBe(30);
    values.target.progressTimeoutSeconds = null;
    expect(toJobRequest(values).target).not.toHaveProperty('progressTimeoutSeconds');
  });

  it('reads a job saved with only maxAttempts and backoffSeconds as a fixed backoff without jitter', () => {
    const values = toFormValues(aJob({ retry: { maxAttempts: 3, backoffSeconds: 5 } }));
    expect(values.retry).toEqual({ maxAttempts: 3, backoff: 'FIXED', backoffSeconds: 5, multiplier: 2, maxBackoffSeconds: 3600, jitter: 0 });
    expect(toJobRequest(values).retry).toEqual({ maxAttempts: 3, backoff: 'FIXED', backoffSeconds: 5, jitter: 0 });
  });

  it('round-trips an exponential backoff and sends multiplier and maximum only with it', () => {
    const retry = { maxAttempts: 4, backoff: 'EXPONENTIAL' as const, backoffSeconds: 1, multiplier: 2.5, maxBackoffSeconds: 30, jitter: 0.3 };
    const values = toFormValues(aJob({ retry }));
    expect(toJobRequest(values).retry).toEqual(retry);
    values.retry.backoff = 'FIXED';
    expect(toJobRequest(values).retry).toEqual({ maxAttempts: 4, backoff: 'FIXED', backoffSeconds: 1, jitter: 0.3 });
  });

  it('moves the jitter to the new strategy default unless the user set one, and starts exponential from 1 s', () => {
    const fixed = { ...newJobValues().retry, backoffSeconds: 0 };
    const exponential = retryAfterStrategyChange({ ...fixed, backoff: 'EXPONENTIAL' });
    expect(exponential).toMatchObject({ backoff: 'EXPONENTIAL', jitter: 0.2, backoffSeconds: 1 });
    expect(retryAfterStrategyChange({ ...exponential, backoff: 'FIXED' })).toMatchObject({ jitter: 0, backoffSeconds: 1 });
    expect(retryAfterStrategyChange({ ...fixed, jitter: 0.5, backoff: 'EXPONENTIAL' }).jitter).toBe(0.5);
  });
});

describe('depends on', () => {
  it('edits the upstream names and sends the whole list, an emptied one too', () => {
    const values = toFormValues(aJob({ dependsOn: ['load', 'reconcile'] }));
    expect(values.dependsOn).toEqual(['load', 'reconcile']);
    expect(toJobRequest(values).dependsOn).toEqual(['load', 'reconcile']);
    values.dependsOn = [];
    expect(toJobRequest(values).dependsOn).toEqual([]);
    expect(toJobRequest(newJobValues()).dependsOn).toEqual([]);
  });

  it('sends an empty schedule as "" for a job that runs after its upstreams', () => {
    const values = { ...toFormValues(aJob()), schedule: '  ', dependsOn: ['load'] };
    expect(toJobRequest(values)).toMatchObject({ schedule: '', dependsOn: ['load'] });
  });

  it('offers the jobs found and those chosen, never the job itself, sorted', () => {
    expect(upstreamChoices(['report', 'load', 'settle-orders'], ['archive', 'load'], 'settle-orders')).toEqual(['archive', 'load', 'report']);
    expect(upstreamChoices([], undefined, undefined)).toEqual([]);
  });
});
