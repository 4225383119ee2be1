import { isErrorBody, type ErrorBody } from '../../shared/errors';
import { takePageAnswer } from './page-data';

/** An API answer other than 2xx, carrying the spec's error shape. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ErrorBody;

  constructor(status: number, body: ErrorBody) {
    super(body.messages[0]?.message ?? `HTTP ${status}`);
    this.status = status;
    this.body = body;
  }

  get code(): string {
    return this.body.code;
  }
}

type RequestOptions = {
  method?: string;
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Reads headers of a successful answer (e.g. X-Total-Count of a list). */
  onHeaders?: (headers: Headers) => void;
};

let onUnauthenticated: (() => void) | undefined;

/** Called when any request answers 401, so the app can return to the sign-in page. */
export function setUnauthenticatedHandler(handler: () => void): void {
  onUnauthenticated = handler;
}

/** The one way the client talks to the API: JSON in and out, cookies, the CSRF header. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  // A read the page answered already (src/client/lib/page-data.ts); it brings no headers.
  if ((options.method ?? 'GET') === 'GET' && !options.onHeaders) {
    const answer = takePageAnswer(path);
    if (answer !== undefined) return answer as T;
  }
  const isForm = options.body instanceof FormData;
  const response = await fetch(path, {
    method: options.method ?? 'GET',
    credentials: 'same-origin',
    signal: options.signal,
    headers: {
      Accept: 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
      ...(options.body !== undefined && !isForm ? { 'Content-Type': 'application/json' } : {}),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : isForm ? (options.body as FormData) : JSON.stringify(options.body),
  });
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  const data: unknown = text ? safeJson(text) : undefined;
  if (!response.ok) {
    const body: ErrorBody = isErrorBody(data)
      ? data
      : {
          status: response.status,
          code: 'Internal',
          messages: [{ messageType: 'Error', message: typeof data === 'string' ? data : 'Unknown API Error' }],
        };
    if (response.status === 401 && !path.endsWith('/api/account/login')) onUnauthenticated?.();
    throw new ApiError(response.status, body);
  }
  options.onHeaders?.(response.headers);
  return data as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
