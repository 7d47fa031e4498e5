import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { Environment } from '../config/environment';
import { RECORD_REQUESTS, RequestRecord } from '../contracts/auth.contract';
import { InternalApi } from '../http/internal-api';

/** A batch goes when it has this many records, or FLUSH_MS after its first. */
const BATCH_SIZE = 500;
const FLUSH_MS = 1000;
/** Records held while auth does not take them; beyond, the oldest are dropped (and counted in the log). */
const MAX_HELD = 20_000;

/**
 * The requests this service served for machine credentials, sent to auth in batches off the
 * request path (one array push per request; one call to auth a second at most under load, or
 * per BATCH_SIZE records). A batch auth did not take is kept for the next, up to MAX_HELD records:
 * the log is for people reading recent requests and usage by day, not billing (quotas are counted
 * by the rate limit store), so a process killed with records in hand loses at most a second of them.
 */
@Injectable()
export class RequestLog implements OnApplicationShutdown {
  private readonly logger = new Logger('RequestLog');
  private held: RequestRecord[] = [];
  private timer?: NodeJS.Timeout;
  private sending?: Promise<void>;
  private dropped = 0;

  constructor(
    @Inject(Environment) private readonly env: Environment,
    private readonly api: InternalApi,
  ) {}

  add(record: RequestRecord): void {
    if (this.held.length >= MAX_HELD) {
      this.held.shift();
      this.dropped++;
    }
    this.held.push(record);
    if (this.held.length >= BATCH_SIZE) void this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), FLUSH_MS);
      this.timer.unref();
    }
  }

  /** Sends what is held, a batch at a time; resolves when done or when auth refused (the rest waits for the next add). */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.sending ??= this.send().finally(() => (this.sending = undefined));
    return this.sending;
  }

  private async send(): Promise<void> {
    while (this.held.length) {
      const batch = this.held.splice(0, BATCH_SIZE);
      const result = await this.api.call(this.env.AUTH_URL, RECORD_REQUESTS, { body: { items: batch }, timeoutMs: 10_000 });
      if (result.kind !== 'ok') {
        // kept for the next flush, before what came since
        this.held = batch.concat(this.held).slice(-MAX_HELD);
        if (!this.timer) {
          this.timer = setTimeout(() => void this.flush(), 5 * FLUSH_MS);
          this.timer.unref();
        }
        return;
      }
      if (this.dropped) {
        this.logger.warn(`${this.dropped} request record(s) dropped while auth did not take them`);
        this.dropped = 0;
      }
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.flush().catch(() => undefined);
    clearTimeout(this.timer);
  }
}
