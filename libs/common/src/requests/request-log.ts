import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { Environment } from '../config/environment';
import { RECORD_REQUESTS, RequestRecord, RequestRecords, UsageCount } from '../contracts/auth.contract';
import { InternalApi } from '../http/internal-api';

/** A batch goes this long after the first request it holds. */
const FLUSH_MS = 1000;
/** Of each organization, a batch carries at most this many successes and this many errors: the newest. */
export const KEPT_PER_BATCH = 1000;
/**
 * Requests a batch carries at most, whatever the organizations (about 750 KB of JSON, within the
 * 1 MB body limit); beyond, requests are only counted until it goes.
 */
export const MAX_PER_BATCH = 3000;
/** A batch auth did not take is tried again with the next, this many times at most. */
const MAX_RETRIES = 5;

/** The newest `capacity` records pushed, in a fixed array (no allocation per request once full). */
class Newest {
  private readonly slots: RequestRecord[] = [];
  private next = 0;
  constructor(private readonly capacity: number) {}
  /** Whether the ring is full: a push then replaces its oldest, holding no more. */
  get full(): boolean {
    return this.slots.length === this.capacity;
  }
  push(record: RequestRecord): void {
    if (this.slots.length < this.capacity) this.slots.push(record);
    else this.slots[this.next] = record;
    this.next = (this.next + 1) % this.capacity;
  }
  drain(): RequestRecord[] {
    return this.slots;
  }
}

interface Held {
  successes: Newest;
  errors: Newest;
}

/**
 * The requests this service served for machine credentials, sent to auth once a second, off the
 * request path: per request, a count and a slot in a fixed ring. A batch counts every request (by
 * organization, credential, product and UTC day: usage over any period) and carries the newest
 * KEPT_PER_BATCH successes and errors of each organization (recent requests: auth keeps the last
 * 1,000 of an organization, and its errors for 7 days; a flood of more in one second keeps its
 * newest). A batch auth does not take is tried again with the next; a process killed with one in
 * hand loses at most a second of the log, which is for people to read, not for billing (quotas
 * are counted by the rate limit store).
 */
@Injectable()
export class RequestLog implements OnApplicationShutdown {
  private readonly logger = new Logger('RequestLog');
  private held = new Map<string, Held>();
  private heldCount = 0;
  private counts = new Map<string, UsageCount>();
  private timer?: NodeJS.Timeout;
  private sending?: Promise<void>;
  private retry?: { batch: RequestRecords; attempts: number };
  /** The UTC day of the last request and its bounds: formatted once a day, not once a request. */
  private today = { start: 0, end: 0, day: '' };

  constructor(
    @Inject(Environment) private readonly env: Environment,
    private readonly api: InternalApi,
  ) {}

  add(record: RequestRecord): void {
    if (record.status !== 429) {
      const day = this.dayOf(record.at);
      const key = `${record.organizationId}|${record.credentialId}|${record.product}|${day}`;
      const count = this.counts.get(key);
      if (count) count.requests++;
      else this.counts.set(key, { organizationId: record.organizationId, credentialId: record.credentialId, product: record.product, day, requests: 1 });
    }
    let held = this.held.get(record.organizationId);
    if (!held) this.held.set(record.organizationId, (held = { successes: new Newest(KEPT_PER_BATCH), errors: new Newest(KEPT_PER_BATCH) }));
    const ring = record.status >= 400 ? held.errors : held.successes;
    if (ring.full) ring.push(record);
    else if (this.heldCount < MAX_PER_BATCH) {
      ring.push(record);
      this.heldCount++;
    }
    if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), FLUSH_MS);
      this.timer.unref();
    }
  }

  private dayOf(at: number): string {
    if (at < this.today.start || at >= this.today.end) {
      const start = at - (at % 86_400_000);
      this.today = { start, end: start + 86_400_000, day: new Date(start).toISOString().slice(0, 10) };
    }
    return this.today.day;
  }

  /** Sends what is held (and a batch refused before); resolves when auth answered. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.sending ??= this.send().finally(() => (this.sending = undefined));
    return this.sending;
  }

  private async send(): Promise<void> {
    const batch: RequestRecords = { items: [], usage: [...this.counts.values()] };
    for (const held of this.held.values()) batch.items.push(...held.successes.drain(), ...held.errors.drain());
    this.held = new Map();
    this.heldCount = 0;
    this.counts = new Map();
    for (const pending of this.retry ? [this.retry.batch, batch] : [batch]) {
      if (!pending.items.length && !pending.usage.length) continue;
      const result = await this.api.call(this.env.AUTH_URL, RECORD_REQUESTS, { body: pending, timeoutMs: 10_000 });
      if (result.kind === 'ok') {
        if (pending === this.retry?.batch) this.retry = undefined;
        continue;
      }
      if (pending === this.retry?.batch) {
        if (++this.retry.attempts >= MAX_RETRIES) {
          this.logger.warn(`a batch of ${pending.items.length} request record(s) dropped: auth did not take it ${MAX_RETRIES} times`);
          this.retry = undefined;
        }
      } else if (!this.retry) this.retry = { batch: pending, attempts: 1 };
      else this.logger.warn(`a batch of ${pending.items.length} request record(s) dropped while auth does not take the one before`);
      if (!this.timer) {
        this.timer = setTimeout(() => void this.flush(), 5 * FLUSH_MS);
        this.timer.unref();
      }
      return;
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.flush().catch(() => undefined);
    clearTimeout(this.timer);
  }
}
