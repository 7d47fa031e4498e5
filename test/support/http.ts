import { checkResponse } from './openapi-check';

export interface HttpResult<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RequestOptions {
  headers?: Record<string, string>;
  body?: unknown;
  /** Sent as is (e.g. malformed JSON); sets content-type to application/json unless given. */
  rawBody?: string | Buffer;
  /**
   * Why this call's response is deliberately off the OpenAPI contract (hostile input the
   * document cannot describe): it is then not checked against the document. Use sparingly.
   */
  unchecked?: string;
  /** How long to wait for the whole answer (15 s unless given): for the few calls that do a large company's work in one request. */
  timeoutMs?: number;
}

/** A real HTTP call to a listening app; the body is parsed when it is JSON. */
export async function call<T = any>(baseUrl: string, method: string, path: string, options: RequestOptions = {}): Promise<HttpResult<T>> {
  const headers: Record<string, string> = { ...options.headers };
  let body: string | Buffer | undefined;
  if (options.rawBody !== undefined) {
    body = options.rawBody;
    headers['content-type'] ??= 'application/json';
  } else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const response = await fetch(baseUrl + path, { method, headers, body, signal: AbortSignal.timeout(options.timeoutMs ?? 15_000) });
  const text = await response.text();
  let parsed: unknown = text;
  if ((response.headers.get('content-type') ?? '').includes('json') && text) parsed = JSON.parse(text);
  const result = { status: response.status, headers: response.headers, body: parsed as T, text };
  // every response must be what the service's OpenAPI document says (test/support/openapi-check.ts)
  if (!options.unchecked) await checkResponse(baseUrl, method, path, result);
  return result;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Polls until `check` returns a value (not undefined/false), or fails after `timeoutMs`. */
export async function eventually<T>(check: () => Promise<T | undefined | false> | T | undefined | false, timeoutMs = 10_000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}
