import { vi } from 'vitest';

export interface ApiCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Record<string, string>;
}

export interface Reply {
  status?: number;
  body?: unknown;
  contentType?: string;
}

/** A JSON body as its value, any other (a YAML file) as its text. */
function readBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Stubs global fetch with a handler that sees each call (path relative to /api/v1) and
 * answers it; unhandled calls answer 404 problem details. Returns the recorded calls.
 */
export function mockApi(handler: (call: ApiCall) => Reply | undefined) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const call: ApiCall = {
      method: init?.method ?? 'GET',
      path: url.pathname.replace(/^\/api\/v1/, ''),
      query: url.searchParams,
      body: init?.body ? readBody(String(init.body)) : undefined,
      headers: (init?.headers ?? {}) as Record<string, string>,
    };
    calls.push(call);
    const reply = handler(call) ?? { status: 404, body: { title: 'Not Found', status: 404 } };
    const status = reply.status ?? 200;
    const isProblem = status >= 400;
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status,
      headers: {
        'Content-Type': reply.contentType ?? (isProblem ? 'application/problem+json' : 'application/json'),
      },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

export const problem = (status: number, title: string, detail?: string, errors?: { field: string; message: string }[]): Reply => ({
  status,
  body: { type: 'about:blank', title, status, detail, errors },
});
