import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { Agent as HttpAgent, IncomingMessage, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { Environment } from '../config/environment';
import { internalToken } from '../config/secret-files';
import type { InternalRoute, RouteRefusal, RouteRequest, RouteTypes } from '@platform/contracts/internal/internal-route';
import type { ErrorCode } from '@platform/contracts/errors/error-codes';
import { PlatformException } from '../errors/platform.exception';
import { FailureLog } from '../logging/failure-log';

/** The error envelope a refusal carries. */
export interface RefusalBody {
  code: ErrorCode;
  message?: string;
  details?: Record<string, unknown>;
  errors?: Record<string, string[]>;
}

/**
 * How a call to another service ended. `ok`: a 2xx answer with a JSON body. `refused`: the
 * service itself turned the request down, a 4xx with its error envelope. `unavailable`: no
 * usable answer (no connection, reset, timeout, a 5xx, a body that is not the service's JSON,
 * or a 404 HTTP_ERROR: the route is not there, a wrong address or internal token), which a
 * later call may not meet.
 */
export type InternalResult<T> =
  { kind: 'ok'; status: number; value: T } | { kind: 'refused'; status: number; code: ErrorCode; body: RefusalBody } | { kind: 'unavailable'; reason: string };

export type InternalCall<T extends RouteTypes> = RouteRequest<T> & { timeoutMs?: number };

interface RawAnswer {
  status: number;
  text: string;
}

const DEFAULT_TIMEOUT_MS = 5000;

/**
 * The one client of other services' internal routes (`/internal/v1/*`, declared in
 * libs/contracts/src/internal): the shared internal token, a timeout, JSON both ways, and every
 * answer classified the same way. Services never read each other's tables: this is how they ask.
 * Over node:http with keep-alive connections rather than fetch: loading fetch (undici) costs
 * every service about 12 MB of memory for a client this small.
 */
@Injectable()
export class InternalApi implements OnApplicationShutdown {
  /** Per service called (its origin): a service that is down logs when it fails, every 30 s while it stays down, and when it answers again. */
  private readonly failures = new FailureLog(new Logger('InternalApi'));
  private readonly token: string;
  private readonly agents = { http: new HttpAgent({ keepAlive: true }), https: new HttpsAgent({ keepAlive: true }) };

  constructor(@Inject(Environment) env: Environment) {
    this.token = internalToken(env);
  }

  /** Calls `route` of the service at `baseUrl`; never throws for what the other service does. */
  async call<T extends RouteTypes>(baseUrl: string, route: InternalRoute<T>, request: InternalCall<T>): Promise<InternalResult<T['response']>> {
    const { params, query, body, headers } = request as InternalCall<RouteTypes>;
    const target = new URL(`${baseUrl}${fillPath(route.path, params)}`);
    for (const [name, value] of Object.entries(query ?? {})) {
      // null and an empty list cannot be said in a query (a comma-separated list cannot be empty): left out, like an absent value
      if (value === undefined || value === null || (Array.isArray(value) && !value.length)) continue;
      target.searchParams.set(name, Array.isArray(value) ? value.join(',') : String(value));
    }
    let result: InternalResult<T['response']>;
    try {
      result = classify(await this.send(target, route.method, body, headers, request.timeoutMs ?? DEFAULT_TIMEOUT_MS));
    } catch (error) {
      result = { kind: 'unavailable', reason: `unreachable: ${(error as Error).message}` };
    }
    if (result.kind === 'unavailable') this.failures.failed(target.origin, `${route.method} ${route.path} ${result.reason}`);
    else this.failures.succeeded(target.origin);
    return result;
  }

  /**
   * The rule of calls whose caller cannot go on without the answer, written once: the value of an
   * ok answer; a refusal named in `passThrough` (a missing payroll run) thrown as that error;
   * anything else 503 UPSTREAM_UNAVAILABLE for the caller, and a refusal nobody expects logged
   * as the failure of that service.
   */
  async expectOk<T extends RouteTypes>(
    baseUrl: string,
    route: InternalRoute<T>,
    request: InternalCall<T>,
    passThrough: readonly RouteRefusal<T>[] = [],
  ): Promise<T['response']> {
    const result = await this.call(baseUrl, route, request);
    if (result.kind === 'ok') return result.value;
    if (result.kind === 'refused') {
      if ((passThrough as readonly ErrorCode[]).includes(result.code)) throw new PlatformException(result.code);
      this.failures.failed(new URL(baseUrl).origin, `${route.method} ${route.path} answered ${result.status} ${result.code}`);
    }
    throw new PlatformException('UPSTREAM_UNAVAILABLE');
  }

  onApplicationShutdown(): void {
    this.agents.http.destroy();
    this.agents.https.destroy();
  }

  /** Resolves with any answer; rejects when there is none (refused, reset, timed out). */
  private send(target: URL, method: string, body: unknown, headers: Record<string, string> | undefined, timeoutMs: number): Promise<RawAnswer> {
    const secure = target.protocol === 'https:';
    const payload = body === undefined ? undefined : JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const request = (secure ? httpsRequest : httpRequest)(
        target,
        {
          method,
          agent: secure ? this.agents.https : this.agents.http,
          headers: {
            'x-internal-token': this.token,
            accept: 'application/json',
            ...(payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) }),
            ...headers,
          },
        },
        (response: IncomingMessage) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', fail);
          response.on('end', () => {
            clearTimeout(timer);
            resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') });
          });
        },
      );
      function fail(error: Error) {
        clearTimeout(timer);
        reject(error);
      }
      const timer = setTimeout(() => request.destroy(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      request.on('error', fail);
      request.end(payload);
    });
  }
}

/** The route's path with its `:name` segments filled from `params`. */
function fillPath(template: string, params: Record<string, string> = {}): string {
  return template.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${template}: no value for :${name}`);
    return encodeURIComponent(value);
  });
}

function parseJson(text: string): { json: unknown } | undefined {
  try {
    return { json: JSON.parse(text) };
  } catch {
    return undefined;
  }
}

function classify<T>({ status, text }: RawAnswer): InternalResult<T> {
  const parsed = parseJson(text);
  if (status >= 200 && status < 300)
    return parsed ? { kind: 'ok', status, value: parsed.json as T } : { kind: 'unavailable', reason: `answered ${status} without JSON` };
  const code = (parsed?.json as Partial<RefusalBody> | null | undefined)?.code;
  if (typeof code !== 'string') return { kind: 'unavailable', reason: `answered ${status} without an error code` };
  if (status >= 400 && status < 500 && !(status === 404 && code === 'HTTP_ERROR')) return { kind: 'refused', status, code, body: parsed!.json as RefusalBody };
  return { kind: 'unavailable', reason: `answered ${status} ${code}` };
}
