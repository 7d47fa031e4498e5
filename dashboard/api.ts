/** The dashboard's one way to the API: same-origin JSON, the session cookie sent by the browser. */

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** VALIDATION_FAILED: one list of messages per field */
    readonly errors: Record<string, string[]> = {},
    /** the envelope's machine-readable facts (e.g. `unlockByEmail` at an account's sign-in limit) */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** The request found no server (offline, the server down): the page words it itself. */
export const NETWORK_ERROR = 'NETWORK_ERROR';

interface ApiState {
  csrfToken?: string;
  language: string;
  /** a 401 other than a refused sign-in: the session is gone */
  onSignedOut: () => void;
}

const state: ApiState = { language: 'en', onSignedOut: () => undefined };

export function configureApi(changes: Partial<ApiState>): void {
  Object.assign(state, changes);
}

export interface CallOptions {
  /** X-Organization-Id: the organization a route outside /account/organizations/:id acts for (webhooks) */
  organizationId?: string;
}

/** A request refused for the burst (429) is sent once more when the burst frees, if that is this soon; a longer wait is the quota's, and shown. */
const BURST_RETRY_MAX_SECONDS = 5;

/**
 * Calls `/api/v1<path>` and answers the envelope's `data`, or throws an ApiError with the
 * envelope's code and message (in the page's language: Accept-Language follows the switch).
 * Changes carry the session's CSRF token. People are metered by their organization's plan: a
 * request refused for the burst was not served, and goes once more after its Retry-After.
 */
export async function api<T = unknown>(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown, options: CallOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', 'accept-language': state.language };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET' && state.csrfToken) headers['x-csrf-token'] = state.csrfToken;
  if (options.organizationId) headers['x-organization-id'] = options.organizationId;
  const send = () =>
    fetch(`/api/v1${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), credentials: 'same-origin', cache: 'no-store' });
  let response: Response;
  try {
    response = await send();
    const wait = response.status === 429 ? Number(response.headers.get('retry-after')) : 0;
    if (wait > 0 && wait <= BURST_RETRY_MAX_SECONDS) {
      await new Promise((resolve) => setTimeout(resolve, wait * 1000));
      response = await send();
    }
  } catch {
    throw new ApiError(0, NETWORK_ERROR, '');
  }
  const envelope = (await response.json().catch(() => null)) as {
    success?: boolean;
    data?: T;
    code?: string;
    message?: string;
    errors?: Record<string, string[]>;
    details?: Record<string, unknown>;
  } | null;
  if (response.ok && envelope?.success) return envelope.data as T;
  const error = new ApiError(
    response.status,
    envelope?.code ?? 'HTTP_ERROR',
    envelope?.message ?? response.statusText,
    envelope?.errors ?? {},
    envelope?.details ?? {},
  );
  if (response.status === 401 && error.code !== 'INVALID_CREDENTIALS') state.onSignedOut();
  return Promise.reject(error);
}

/**
 * A value as one segment of an API path: percent-encoded, so that a `/`, `?` or `#` in it cannot
 * reach another route, and refused when it is empty or a dot segment (`.`, `..`), which a URL
 * resolves against the segments before it. Every value the dashboard puts in a path goes through it.
 */
export function pathSegment(value: string): string {
  const encoded = encodeURIComponent(value);
  if (!encoded || encoded === '.' || encoded === '..') throw new Error(`not a path segment: ${JSON.stringify(value)}`);
  return encoded;
}

/** A query string of the values set (`?a=1&b=x`), or ''. */
export function query(values: Record<string, string | number | undefined | null>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) if (value !== undefined && value !== null && value !== '') params.set(name, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}
