import { Inject, Injectable, Logger } from '@nestjs/common';
import { Environment } from '../config/environment';
import { internalToken } from '../config/secret-files';
import type { ErrorCode } from '../errors/error-codes';
import { PlatformException } from '../errors/platform.exception';

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

const pathOf = (url: string) => new URL(url).pathname;

/**
 * Calls to other services' internal routes (`/internal/v1/*`), with the shared internal token,
 * a timeout and JSON both ways. Services never read each other's tables: this is how they ask.
 */
@Injectable()
export class InternalApi {
  private readonly logger = new Logger('InternalApi');
  private readonly token: string;

  constructor(@Inject(Environment) env: Environment) {
    this.token = internalToken(env);
  }

  /** Any answer is returned as it is; no answer throws UpstreamUnreachable. */
  async request(url: string, options: InternalRequest = {}): Promise<InternalAnswer> {
    let response: Response;
    try {
      response = await fetch(url, {
        method: options.method ?? 'GET',
        headers: {
          'x-internal-token': this.token,
          accept: 'application/json',
          ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...options.headers,
        },
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
      });
    } catch (error) {
      throw new UpstreamUnreachable((error as Error).message);
    }
    const body: unknown = await response.json().catch(() => undefined);
    return { status: response.status, ok: response.ok, body };
  }

  /**
   * A read that must succeed: anything but a 2xx answer is 503 UPSTREAM_UNAVAILABLE for the
   * caller, except the error codes passed through as they are (e.g. a missing payroll run).
   */
  async get<T>(url: string, options: { timeoutMs?: number; passThrough?: ErrorCode[] } = {}): Promise<T> {
    let answer: InternalAnswer;
    try {
      answer = await this.request(url, { timeoutMs: options.timeoutMs });
    } catch (error) {
      this.logger.warn(`${pathOf(url)} unreachable: ${(error as Error).message}`);
      throw new PlatformException('UPSTREAM_UNAVAILABLE');
    }
    if (answer.ok) return answer.body as T;
    const code = (answer.body as { code?: ErrorCode } | undefined)?.code;
    if (code && options.passThrough?.includes(code)) throw new PlatformException(code);
    this.logger.warn(`${pathOf(url)} answered ${answer.status}${code ? ` ${code}` : ''}`);
    throw new PlatformException('UPSTREAM_UNAVAILABLE');
  }
}
