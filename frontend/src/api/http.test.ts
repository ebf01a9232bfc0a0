import { describe, expect, it, vi } from 'vitest';
import { mockApi, problem } from '../test/mockApi';
import { ApiError, buildUrl, DEPARTMENT_HEADER, dispositionFilename, departmentStore, http, onUnauthorized, request } from './http';

describe('http', () => {
  it('sends a list as the parameter repeated and a raw body with its own content type', async () => {
    expect(buildUrl('/jobs', { label: ['team=pay', 'env=prod'], owner: 'ada', target: '' })).toBe(
      '/api/v1/jobs?label=team%3Dpay&label=env%3Dprod&owner=ada',
    );
    const calls = mockApi(() => ({ body: { ok: true } }));
    await http.post('/jobs/import', 'jobs: []\n', { contentType: 'application/yaml' });
    expect(calls[0]?.headers['Content-Type']).toBe('application/yaml');
    expect(calls[0]?.body).toBe('jobs: []\n');
  });

  it('maps a problem document with field errors to a typed ApiError', async () => {
    mockApi(() =>
      problem(400, 'Invalid job', 'The job has 2 invalid fields', [
        { field: 'schedule', message: 'unknown macro @sometimes' },
        { field: 'retry.maxAttempts', message: 'must be at least 1' },
      ]),
    );

    const error = await http.post('/jobs', {}).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    const api = error as ApiError;
    expect(api.status).toBe(400);
    expect(api.title).toBe('Invalid job');
    expect(api.detail).toBe('The job has 2 invalid fields');
    expect(api.fieldErrors).toEqual([
      { field: 'schedule', message: 'unknown macro @sometimes' },
      { field: 'retry.maxAttempts', message: 'must be at least 1' },
    ]);
    expect(api.fieldError('retry.maxAttempts')).toBe('must be at least 1');
    expect(api.message).toBe('The job has 2 invalid fields');
  });

  it('falls back to the status line when the error body is not JSON', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('<html>bad gateway</html>', { status: 502, statusText: 'Bad Gateway' })));

    const error = (await http.get('/jobs').catch((e: unknown) => e)) as ApiError;

    expect(error.status).toBe(502);
    expect(error.title).toBe('Bad Gateway');
    expect(error.fieldErrors).toEqual([]);
  });

  it('reports an unreachable server as status 0', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));

    const error = (await http.get('/jobs').catch((e: unknown) => e)) as ApiError;

    expect(error.status).toBe(0);
    expect(error.title).toBe('Cannot reach the Crony server');
  });

  it('sends no token, only the session cookie (same origin), and signs out on 401', async () => {
    const expired = vi.fn();
    onUnauthorized(expired);
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ status: 401, title: 'Unauthorized' }), { status: 401 }));
    vi.stubGlobal('fetch', fetchMock);

    await expect(http.get('/jobs')).rejects.toMatchObject({ status: 401 });

    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.credentials).toBe('same-origin');
    expect((init.headers as Record<string, string>).Authorization).toBeUndefined();
    expect(expired).toHaveBeenCalledOnce();
    onUnauthorized(undefined);
  });

  it("echoes the XSRF-TOKEN cookie in X-XSRF-TOKEN on every change, never on a read", async () => {
    document.cookie = 'XSRF-TOKEN=csrf%2D1; path=/';
    try {
      const calls = mockApi(() => ({ body: {} }));

      await http.get('/jobs');
      await http.post('/jobs/1/run', {});
      await http.put('/jobs/1', {});
      await http.patch('/jobs/1', {});
      await http.delete('/jobs/1');

      expect(calls.map((c) => c.headers['X-XSRF-TOKEN'])).toEqual([undefined, 'csrf-1', 'csrf-1', 'csrf-1', 'csrf-1']);
    } finally {
      document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    }
  });

  it('does not treat a rejected login as an expired session', async () => {
    const expired = vi.fn();
    onUnauthorized(expired);
    mockApi(() => problem(401, 'Bad credentials'));

    await expect(http.post('/auth/login', {}, { anonymous: true })).rejects.toMatchObject({ status: 401 });

    expect(expired).not.toHaveBeenCalled();
    onUnauthorized(undefined);
  });

  it('leaves blank filters out of the query string', () => {
    expect(buildUrl('/jobs', { name: '', enabled: false, agentId: undefined, page: 2, size: 20 })).toBe(
      '/api/v1/jobs?enabled=false&page=2&size=20',
    );
  });

  it('answers undefined for 204 No Content', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(null, { status: 204 })));
    await expect(http.delete('/jobs/1')).resolves.toBeUndefined();
  });

  it('sends the chosen department on every call, and none before one is chosen', async () => {
    const calls = mockApi(() => ({ body: [] }));

    await http.get('/jobs');
    departmentStore.set('pay');
    await http.get('/jobs');
    await http.post('/jobs/1/run', {});
    await http.put('/jobs/1', {});
    await http.delete('/jobs/1');

    expect(calls[0]?.headers[DEPARTMENT_HEADER]).toBeUndefined();
    expect(calls.slice(1).map((c) => c.headers[DEPARTMENT_HEADER])).toEqual(['pay', 'pay', 'pay', 'pay']);
    expect(DEPARTMENT_HEADER).toBe('X-Crony-Department');
  });

  it('sends no department with the login nor where the home department is asked for', async () => {
    departmentStore.set('pay');
    const calls = mockApi(() => ({ body: {} }));

    await http.post('/auth/login', {}, { anonymous: true });
    await request('GET', '/auth/me', { homeDepartment: true });

    expect(calls.map((c) => c.headers[DEPARTMENT_HEADER])).toEqual([undefined, undefined]);
  });
});

describe('dispositionFilename', () => {
  it('reads the plain name, the RFC 5987 one before it, and says download when none is named', () => {
    expect(dispositionFilename('attachment; filename="crony-jobs.yaml"')).toBe('crony-jobs.yaml');
    expect(dispositionFilename("attachment; filename*=UTF-8''%E4%B8%AD%E5%9B%BD.ics")).toBe('中国.ics');
    expect(dispositionFilename("attachment; filename=\"cn.ics\"; filename*=UTF-8''cn-workdays.ics")).toBe('cn-workdays.ics');
    expect(dispositionFilename('attachment')).toBe('download');
  });
});
