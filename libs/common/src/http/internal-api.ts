import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { Agent as HttpAgent, IncomingMessage, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { Environment } from '../config/environment';
import { internalToken } from '../config/secret-files';
import type { ErrorCode } from '../errors/error-codes';
import { PlatformException } from '../errors/platform.exception';
import { FailureLog } from '../logging/failure-log';

export interface InternalAnswer {
  status: number;
  ok: boolean;
  /** the parsed JSON body, or undefined when there is none */
  body: any;
}

export interface InternalRequest {
  method?: string;
  body?: unknown;
  headers?: Record<string, string>;
  timeoutMs?: number;
}

/** The other service did not answer at all (refused, reset, timed out). */
export class UpstreamUnreachable extends Error {}

const DEFAULT_TIMEOUT_MS = 5000;

/**
 * Calls to other services' internal routes (`/internal/v1/*`), with the shared internal token,
 * a timeout and JSON both ways. Services never read each other's tables: this is how they ask.
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

  /** Any answer is returned as it is; no answer (refused, reset, timed out) throws UpstreamUnreachable. */
  request(url: string, options: InternalRequest = {}): Promise<InternalAnswer> {
    const target = new URL(url);
    const secure = target.protocol === 'https:';
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    return new Promise((resolve, reject) => {
      const request = (secure ? httpsRequest : httpRequest)(
        target,
        {
          method: options.method ?? 'GET',
          agent: secure ? this.agents.https : this.agents.http,
          headers: {
            'x-internal-token': this.token,
            accept: 'application/json',
            ...(payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) }),
            ...options.headers,
          },
        },
        (response: IncomingMessage) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', (error) => fail(error));
          response.on('end', () => {
            clearTimeout(timer);
            let body: unknown;
            try {
              body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : undefined;
            } catch {
              body = undefined;
            }
            const status = response.statusCode ?? 0;
            resolve({ status, ok: status >= 200 && status < 300, body });
          });
        },
      );
      const fail = (error: Error) => {
        clearTimeout(timer);
        reject(new UpstreamUnreachable(error.message));
      };
      const timer = setTimeout(() => request.destroy(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      request.on('error', fail);
      request.end(payload);
    });
  }

  onApplicationShutdown(): void {
    this.agents.http.destroy();
    this.agents.https.destroy();
  }

  /**
   * A read that must succeed: anything but a 2xx answer is 503 UPSTREAM_UNAVAILABLE for the
   * caller, except the error codes passed through as they are (e.g. a missing payroll run).
   */
  async get<T>(url: string, options: { timeoutMs?: number; passThrough?: ErrorCode[] } = {}): Promise<T> {
    const target = new URL(url);
    let answer: InternalAnswer;
    try {
      answer = await this.request(url, { timeoutMs: options.timeoutMs });
    } catch (error) {
      this.failures.failed(target.origin, `${target.pathname} unreachable: ${(error as Error).message}`);
      throw new PlatformException('UPSTREAM_UNAVAILABLE');
    }
    const code = answer.ok ? undefined : (answer.body as { code?: ErrorCode } | undefined)?.code;
    if (answer.ok || (code && options.passThrough?.includes(code))) {
      this.failures.succeeded(target.origin);
      if (answer.ok) return answer.body as T;
      throw new PlatformException(code!);
    }
    this.failures.failed(target.origin, `${target.pathname} answered ${answer.status}${code ? ` ${code}` : ''}`);
    throw new PlatformException('UPSTREAM_UNAVAILABLE');
  }
}
