/**
 * One HTTP call to an operator, with its timeout, and what its failure means. The line that
 * matters: a call that timed out, lost its connection or got a 5xx may have been carried out
 * (`unknown`), so the payment stays pending and is asked about again with the same reference;
 * a call the operator refused (4xx) was not (`refused`).
 */

export type OperatorFailureKind =
  /** No answer in time, the connection dropped, or a 5xx: the operator may have done it. */
  | 'unknown'
  /** The operator refused the call (4xx other than below): it did nothing. */
  | 'refused'
  /** Our credentials or token were refused (after one fresh token). */
  | 'unauthorized'
  /** Too many calls: ask again later. */
  | 'rate_limited'
  /** The circuit breaker is open for this account: nothing was sent. */
  | 'circuit_open';

export class OperatorCallError extends Error {
  constructor(
    readonly kind: OperatorFailureKind,
    message: string,
    readonly status?: number,
    /** The operator's own code, when its body had one. */
    readonly operatorCode?: string,
  ) {
    super(message);
    this.name = 'OperatorCallError';
  }
}

export interface OperatorResponse {
  status: number;
  text: string;
  /** The body parsed, when it was JSON. */
  json: unknown;
}

/** How a client runs each call: a circuit breaker per account, in production. */
export interface CallPolicy {
  execute<T>(call: () => Promise<T>): Promise<T>;
}

export const DIRECT: CallPolicy = { execute: (call) => call() };

/** At most this much of an operator's answer is read. */
const MAX_RESPONSE_BYTES = 256 * 1024;

/** Sends one request; a timeout or a network error is an OperatorCallError('unknown'). */
export async function operatorFetch(operator: string, url: string, init: RequestInit, timeoutMs: number): Promise<OperatorResponse> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    const name = (error as Error).name;
    const what = name === 'TimeoutError' || name === 'AbortError' ? `no answer within ${timeoutMs} ms` : 'the connection failed';
    throw new OperatorCallError('unknown', `${operator}: ${what}`);
  }
  let text: string;
  try {
    const buffer = Buffer.from(await response.arrayBuffer());
    text = buffer.subarray(0, MAX_RESPONSE_BYTES).toString('utf8');
  } catch {
    throw new OperatorCallError('unknown', `${operator}: the answer was cut off`, response.status);
  }
  let json: unknown;
  if (text) {
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
  }
  return { status: response.status, text, json };
}

/** The operator's code in an error body (`{ code }`, Orange's `{ fault: { code } }`), if any. */
export function operatorCode(json: unknown): string | undefined {
  if (!json || typeof json !== 'object') return undefined;
  const body = json as { code?: unknown; fault?: { code?: unknown } };
  if (typeof body.code === 'string' || typeof body.code === 'number') return String(body.code);
  if (body.fault && (typeof body.fault.code === 'string' || typeof body.fault.code === 'number')) return String(body.fault.code);
  return undefined;
}

/** The error a non-2xx answer means (401 and 409 are for the caller to read first). */
export function failureOf(operator: string, what: string, response: OperatorResponse): OperatorCallError {
  const code = operatorCode(response.json);
  const detail = `${operator}: ${what} answered ${response.status}${code ? ` ${code}` : ''}`;
  if (response.status >= 500) return new OperatorCallError('unknown', detail, response.status, code);
  if (response.status === 429) return new OperatorCallError('rate_limited', detail, response.status, code);
  if (response.status === 401) return new OperatorCallError('unauthorized', detail, response.status, code);
  return new OperatorCallError('refused', detail, response.status, code);
}

/**
 * A token kept until shortly before it expires, and fetched once for all concurrent callers:
 * operators ask not to mint a token per transaction.
 */
export class TokenCache {
  private current?: { token: string; refreshAt: number };
  private pending?: Promise<string>;

  constructor(
    private readonly fetchToken: () => Promise<{ token: string; expiresInSeconds: number }>,
    /** How long before expiry a token is replaced (MTN: about 10 minutes for its hour). */
    private readonly marginMs: (lifetimeMs: number) => number = (lifetimeMs) => Math.min(600_000, lifetimeMs / 6),
  ) {}

  async get(): Promise<string> {
    if (this.current && Date.now() < this.current.refreshAt) return this.current.token;
    this.pending ??= this.fetchToken()
      .then(({ token, expiresInSeconds }) => {
        const lifetimeMs = Math.max(0, expiresInSeconds * 1000);
        this.current = { token, refreshAt: Date.now() + lifetimeMs - this.marginMs(lifetimeMs) };
        return token;
      })
      .finally(() => (this.pending = undefined));
    return this.pending;
  }

  /** Forgets `token` (the operator refused it); a newer one is kept. */
  invalidate(token: string): void {
    if (this.current?.token === token) this.current = undefined;
  }
}

/** Minor units of a decimal amount string in `exponent` decimals, or null when it has finer parts. */
export function parseDecimalAmount(text: unknown, exponent: number): number | null {
  if (typeof text !== 'string' && typeof text !== 'number') return null;
  const match = /^(\d{1,15})(?:\.(\d+))?$/.exec(String(text));
  if (!match) return null;
  const fraction = match[2] ?? '';
  if (fraction.slice(exponent).replace(/0/g, '') !== '') return null;
  return Number(match[1]) * 10 ** exponent + Number(fraction.slice(0, exponent).padEnd(exponent, '0') || '0');
}
