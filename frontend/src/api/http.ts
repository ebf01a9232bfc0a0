/**
 * The one fetch wrapper every page's api.ts goes through. The session is an HttpOnly
 * cookie the browser sends by itself (no token is ever in script's reach); this adds the
 * department the user works in and, on every change, the CSRF token the server asks of
 * cookie sessions; it sends the user back to login on 401 and turns RFC 7807 problem
 * details into ApiError.
 */
import { t } from '../i18n';
import { fieldErrorText } from '../i18n/fieldErrors';

export const API_BASE = '/api/v1';

export interface FieldError {
  /** JSON path of the offending request field, e.g. `schedule`, `target.type`, `retry.maxAttempts`. */
  field: string;
  /** What is wrong, in the reader's language when the server sent a code this dashboard words. */
  message: string;
  /** The server's stable code (`REQUIRED`, `CRON_FIELD_OUT_OF_RANGE`, ...), when it sent one. */
  code?: string;
  params?: Record<string, string>;
}

/** An RFC 7807 problem answered by crony-web, or a transport failure (status 0). */
export class ApiError extends Error {
  readonly status: number;
  readonly title: string;
  readonly detail?: string;
  readonly fieldErrors: FieldError[];

  constructor(status: number, title: string, detail?: string, fieldErrors: FieldError[] = []) {
    super(detail || title);
    this.name = 'ApiError';
    this.status = status;
    this.title = title;
    this.detail = detail;
    this.fieldErrors = fieldErrors;
  }

  fieldError(field: string): string | undefined {
    return this.fieldErrors.find((e) => e.field === field)?.message;
  }
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  size: number;
}

let unauthorizedHandler: (() => void) | undefined;

/** The cookie crony-web sets for script to read, and the header a change echoes it in. */
export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'X-XSRF-TOKEN';

/** The CSRF token from its cookie; another site cannot read it, so cannot send it. */
export function csrfToken(): string | null {
  for (const part of document.cookie.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === CSRF_COOKIE) return decodeURIComponent(value.join('='));
  }
  return null;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The headers every call of the dashboard carries: its department, and on a change the CSRF token. */
export function sessionHeaders(method: string, { department = true } = {}): Record<string, string> {
  const headers: Record<string, string> = {};
  const name = department ? departmentStore.get() : null;
  if (name) headers[DEPARTMENT_HEADER] = name;
  const csrf = SAFE_METHODS.has(method.toUpperCase()) ? null : csrfToken();
  if (csrf) headers[CSRF_HEADER] = csrf;
  return headers;
}

const DEPARTMENT_KEY = 'crony.department';

/** The header naming the department a request works in; absent, the server takes the user's home department. */
export const DEPARTMENT_HEADER = 'X-Crony-Department';

/** The department chosen in the header's switcher, by name; sent with every request. */
export const departmentStore = {
  get: (): string | null => localStorage.getItem(DEPARTMENT_KEY),
  set: (name: string) => localStorage.setItem(DEPARTMENT_KEY, name),
  clear: () => localStorage.removeItem(DEPARTMENT_KEY),
};

/** Registered by the auth provider: what to do when the server says the token is no good. */
export function onUnauthorized(handler: (() => void) | undefined): void {
  unauthorizedHandler = handler;
}

/** A list is sent as the parameter repeated (`label=a&label=b`). */
export type QueryValue = string | number | boolean | null | undefined | readonly string[];

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  /** The login call answers 401 for bad credentials: that is a form error, not an expired session. */
  anonymous?: boolean;
  /**
   * Send no department header: the answer is about the user's home department. The auth
   * provider reads `/auth/me` this way, so a stored department the user has since left
   * cannot make that call fail.
   */
  homeDepartment?: boolean;
  /** Send `body`, a string, as it is with this content type instead of as JSON (a YAML file). */
  contentType?: string;
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (Array.isArray(value)) value.forEach((v) => params.append(key, v));
    else if (value !== undefined && value !== null && value !== '') params.append(key, String(value));
  }
  const qs = params.toString();
  return `${API_BASE}${path}${qs ? `?${qs}` : ''}`;
}

interface ProblemBody {
  title?: unknown;
  status?: unknown;
  detail?: unknown;
  code?: unknown;
  errors?: unknown;
}

function readFieldErrors(errors: unknown): FieldError[] {
  if (!Array.isArray(errors)) return [];
  return errors.flatMap((e: unknown) => {
    if (e && typeof e === 'object') {
      const { field, message, code, params } = e as { field?: unknown; message?: unknown; code?: unknown; params?: unknown };
      if (typeof message === 'string') {
        const coded = {
          code: typeof code === 'string' ? code : undefined,
          params: params && typeof params === 'object' ? (params as Record<string, string>) : undefined,
        };
        return [{ field: typeof field === 'string' ? field : '', ...coded, message: fieldErrorText({ ...coded, message }) }];
      }
    }
    return [];
  });
}

/** Maps any non-2xx response to an ApiError, whether or not the body is a problem document. */
export async function toApiError(response: Response): Promise<ApiError> {
  let problem: ProblemBody = {};
  const text = await response.text().catch(() => '');
  if (text) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === 'object') problem = parsed as ProblemBody;
    } catch {
      // not JSON (a proxy's HTML error page, say): fall back to the status line
    }
  }
  const status = typeof problem.status === 'number' ? problem.status : response.status;
  const title =
    typeof problem.title === 'string' && problem.title ? problem.title : response.statusText || `HTTP ${status}`;
  const fieldErrors = readFieldErrors(problem.errors);
  if (problem.code === 'VALIDATION_FAILED' && fieldErrors.length > 0) {
    // the server's title and detail are English: say the same from the worded field errors
    const only = fieldErrors.length === 1 ? fieldErrors[0]! : undefined;
    const detail = only ? (only.field ? `${only.field}: ${only.message}` : only.message) : t('common.fieldsInvalid', { count: fieldErrors.length });
    return new ApiError(status, t('common.requestRefused'), detail, fieldErrors);
  }
  const detail = typeof problem.detail === 'string' ? problem.detail : undefined;
  return new ApiError(status, title, detail, fieldErrors);
}

export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = {
    Accept: 'application/json, application/problem+json',
    ...sessionHeaders(method, { department: !options.anonymous && !options.homeDepartment }),
  };
  if (options.body !== undefined) headers['Content-Type'] = options.contentType ?? 'application/json';
  const body =
    options.body === undefined ? undefined : options.contentType ? String(options.body) : JSON.stringify(options.body);

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body,
      signal: options.signal,
      // the session cookie, and only to crony-web itself
      credentials: 'same-origin',
    });
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw new ApiError(0, t('common.cannotReachTheServer'), e instanceof Error ? e.message : String(e));
  }

  if (!response.ok) {
    const error = await toApiError(response);
    if (response.status === 401 && !options.anonymous) unauthorizedHandler?.();
    throw error;
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A file the server answers as a download: its bytes and the name it suggests. */
export async function download(path: string, query?: Record<string, QueryValue>): Promise<{ blob: Blob; filename: string }> {
  // an export is of the department the user works in, as every other call
  const headers = sessionHeaders('GET');
  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), { headers, credentials: 'same-origin' });
  } catch (e) {
    throw new ApiError(0, t('common.cannotReachTheServer'), e instanceof Error ? e.message : String(e));
  }
  if (!response.ok) {
    const error = await toApiError(response);
    if (response.status === 401) unauthorizedHandler?.();
    throw error;
  }
  const disposition = response.headers.get('Content-Disposition') ?? '';
  return { blob: await response.blob(), filename: dispositionFilename(disposition) };
}

/**
 * The file name a Content-Disposition suggests: RFC 5987 `filename*=UTF-8''…` (a name
 * beyond ASCII) before the plain `filename="…"`; "download" when it names none.
 */
export function dispositionFilename(disposition: string): string {
  const extended = /filename\*=([\w-]+)''([^;]+)/i.exec(disposition);
  if (extended?.[2]) {
    try {
      return decodeURIComponent(extended[2].trim());
    } catch {
      // a malformed escape: fall back to the plain name
    }
  }
  return /filename="?([^";*]+)"?/i.exec(disposition.replace(/filename\*=[^;]*/gi, ''))?.[1] ?? 'download';
}

export const http = {
  get: <T>(path: string, query?: Record<string, QueryValue>, signal?: AbortSignal, options?: Omit<RequestOptions, 'query' | 'signal'>) =>
    request<T>('GET', path, { ...options, query, signal }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body: unknown) => request<T>('PUT', path, { body }),
  patch: <T>(path: string, body: unknown) => request<T>('PATCH', path, { body }),
  delete: <T = void>(path: string) => request<T>('DELETE', path),
};
