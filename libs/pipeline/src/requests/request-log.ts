import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { Counter } from 'prom-client';
import { Environment } from '../config/environment';
import { COUNTS_PER_CALL, RECORD_REQUESTS, RECORDS_PER_CALL, RequestRecord, RequestRecords, UsageCount } from '@platform/contracts/internal/auth.contract';
import { InternalApi, InternalResult } from '../http/internal-api';
import { FailureLog } from '../logging/failure-log';
import { serviceMetric } from '../metrics/registries';
import { SERVICE_DESCRIPTOR, ServiceDescriptor, ServiceName } from '@platform/contracts/service';

/** A batch goes this long after the first request it holds. */
const FLUSH_MS = 1000;
/** What auth did not take, because it did not answer, goes again this long after. */
const RETRY_MS = 5000;
/** Of each organization, at most this many successes and this many errors are held: the newest (auth keeps an organization's last 1,000). */
export const KEPT_PER_ORGANIZATION = 1000;
/**
 * Records held at most, whatever the organizations (a few MB). Past it (many organizations
 * flooding at once, or auth away for a while) the organizations holding the most lose their oldest
 * records first; the counts are never shed.
 */
export const MAX_HELD = 10_000;
/** Shedding takes the records held down to this, so that it runs once per thousand requests, not on each. */
const SHED_TO = MAX_HELD - 1000;

export const REQUEST_LOG_DROPPED_METRIC = 'request_log_dropped_total';

/** Records a call where auth runs in this process: auth's own service, no HTTP. */
export type RequestRecorder = (call: RequestRecords) => Promise<unknown>;

let sharedRecorder: RequestRecorder | undefined;

/**
 * The one-machine suite: every app records its requests through auth's service in the process,
 * as auth itself does (at shutdown the suite's server closes before the apps, and would refuse
 * their last calls). `undefined` ends the sharing.
 */
export function shareRequestRecorder(recorder: RequestRecorder | undefined): void {
  sharedRecorder = recorder;
}

/** The newest `capacity` records pushed, oldest first: a ring, allocating nothing per request once full. */
class Newest {
  private slots: RequestRecord[] = [];
  /** where the oldest is once the ring is full */
  private start = 0;
  constructor(private readonly capacity: number) {}

  get size(): number {
    return this.slots.length;
  }

  /** Adds a record; answers whether the ring grew (false: the record replaced its oldest). */
  push(record: RequestRecord): boolean {
    if (this.slots.length < this.capacity) {
      this.slots.push(record);
      return true;
    }
    this.slots[this.start] = record;
    this.start = (this.start + 1) % this.capacity;
    return false;
  }

  /** Every record, oldest first; the ring is left empty. */
  drain(): RequestRecord[] {
    const records = this.start ? [...this.slots.slice(this.start), ...this.slots.slice(0, this.start)] : this.slots;
    this.slots = [];
    this.start = 0;
    return records;
  }

  /** Puts records older than those held (oldest first) back before them, keeping the newest `capacity`. */
  restore(older: RequestRecord[]): void {
    const all = [...older, ...this.drain()];
    this.slots = all.length > this.capacity ? all.slice(all.length - this.capacity) : all;
  }

  dropOldest(count: number): void {
    this.slots = this.drain().slice(count);
  }
}

/** An organization's records: its successes and its errors apart, so that a flood of one outcome keeps the other. */
class Held {
  readonly successes = new Newest(KEPT_PER_ORGANIZATION);
  readonly errors = new Newest(KEPT_PER_ORGANIZATION);

  get size(): number {
    return this.successes.size + this.errors.size;
  }

  ringOf(record: RequestRecord): Newest {
    return record.status >= 400 ? this.errors : this.successes;
  }

  /** Keeps `level` records, dropping the oldest of the larger outcome first. */
  cutTo(level: number): void {
    const excess = this.size - level;
    const [larger, smaller] = this.successes.size >= this.errors.size ? [this.successes, this.errors] : [this.errors, this.successes];
    const evening = Math.min(excess, larger.size - smaller.size);
    const rest = excess - evening;
    larger.dropOldest(evening + Math.ceil(rest / 2));
    smaller.dropOldest(Math.floor(rest / 2));
  }
}

/**
 * The requests this service served for machine credentials, sent to auth once a second, off the
 * request path: per request, a count and a slot in a ring. Two things go, in calls that fit the
 * input limits (RECORDS_PER_CALL, COUNTS_PER_CALL), counts first:
 *
 * - usage: every request but a 429, counted by organization, credential, product and UTC day. An
 *   outage holds these counters, one per key and day whatever the requests, and nothing sheds
 *   them: they are what billing reads.
 * - the log: the newest KEPT_PER_ORGANIZATION successes and errors of each organization (auth
 *   keeps the last 1,000 of an organization, and its errors for 7 days), at most MAX_HELD in all;
 *   past that the organizations holding the most are cut first, so one organization's flood
 *   never costs another its few requests.
 *
 * What auth does not answer is held and sent again RETRY_MS later, with what came meanwhile. What
 * it refuses (a 4xx) is split and sent again in halves, down to the one record or count it
 * refuses, which is dropped with a log line and `request_log_dropped_total`: the rest of a batch
 * never goes with it. Where auth runs in the process, calls go to its service directly
 * (recordWith). At shutdown what is held is sent before the server closes, and what the requests
 * still in flight add once they end; a process killed loses at most the last second.
 */
@Injectable()
export class RequestLog implements BeforeApplicationShutdown, OnApplicationShutdown {
  private readonly logger = new Logger('RequestLog');
  private readonly failures = new FailureLog(this.logger);
  private readonly dropped: Counter<'what' | 'reason'>;
  private held = new Map<string, Held>();
  private heldCount = 0;
  private counts = new Map<string, UsageCount>();
  private timer?: NodeJS.Timeout;
  private sending?: Promise<void>;
  /** The UTC day of the last request and its bounds: formatted once a day, not once a request. */
  private today = { start: 0, end: 0, day: '' };
  private recorder = sharedRecorder;

  constructor(
    @Inject(Environment) private readonly env: Environment,
    private readonly api: InternalApi,
    @Inject(SERVICE_DESCRIPTOR) service: ServiceDescriptor,
  ) {
    this.dropped = droppedMetric(service.name);
  }

  add(record: RequestRecord): void {
    if (record.status !== 429) this.count(record.organizationId, record.credentialId, record.product, this.dayOf(record.at), 1);
    let held = this.held.get(record.organizationId);
    if (!held) this.held.set(record.organizationId, (held = new Held()));
    if (held.ringOf(record).push(record) && ++this.heldCount > MAX_HELD) this.shed();
    if (!this.timer) this.schedule(FLUSH_MS);
  }

  /** Auth records its own requests in its own store: a call to itself would meet its closing server at shutdown. */
  recordWith(recorder: RequestRecorder): void {
    this.recorder = recorder;
  }

  /** Sends what is held; resolves when auth answered (or did not). */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.sending ??= this.send().finally(() => {
      this.sending = undefined;
      // what came while this batch went goes with the next
      if ((this.heldCount || this.counts.size) && !this.timer) this.schedule(FLUSH_MS);
    });
    return this.sending;
  }

  /** Before the server closes (and, in auth, before its database does). */
  async beforeApplicationShutdown(): Promise<void> {
    await this.sending?.catch(() => undefined);
    await this.flush().catch(() => undefined);
  }

  /** What the requests in flight at the close added. */
  async onApplicationShutdown(): Promise<void> {
    await this.beforeApplicationShutdown();
    clearTimeout(this.timer);
    this.timer = undefined;
    const uncounted = [...this.counts.values()].reduce((sum, count) => sum + count.requests, 0);
    if (uncounted)
      this.logger.error({ usage: [...this.counts.values()] }, `${uncounted} request(s) left out of the daily usage: auth did not take them before shutdown`);
  }

  private count(organizationId: string, credentialId: string, product: string, day: string, requests: number): void {
    const key = `${organizationId}|${credentialId}|${product}|${day}`;
    const count = this.counts.get(key);
    if (count) count.requests += requests;
    else this.counts.set(key, { organizationId, credentialId, product, day, requests });
  }

  private dayOf(at: number): string {
    if (at < this.today.start || at >= this.today.end) {
      const start = at - (at % 86_400_000);
      this.today = { start, end: start + 86_400_000, day: new Date(start).toISOString().slice(0, 10) };
    }
    return this.today.day;
  }

  private schedule(ms: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.flush(), ms);
    this.timer.unref();
  }

  /**
   * Takes the records held down to SHED_TO: the organizations holding the most are cut to one
   * level, the highest that frees enough, so an organization with a few requests keeps them all
   * while a flood is cut.
   */
  private shed(): void {
    const sizes = [...this.held.values()].map((held) => held.size).sort((a, b) => b - a);
    const excess = this.heldCount - SHED_TO;
    let level = 0;
    for (let i = 0, largest = 0; i < sizes.length; i++) {
      largest += sizes[i];
      // cutting the i + 1 largest to the next one's size frees enough: cut them to the highest level that does
      if (largest - (i + 1) * (sizes[i + 1] ?? 0) >= excess) {
        level = Math.floor((largest - excess) / (i + 1));
        break;
      }
    }
    let shed = 0;
    for (const [organizationId, held] of this.held) {
      if (held.size <= level) continue;
      shed += held.size - level;
      held.cutTo(level);
      if (!held.size) this.held.delete(organizationId);
    }
    this.heldCount -= shed;
    this.dropped.inc({ what: 'record', reason: 'buffer_full' }, shed);
    this.failures.failed(
      'buffer',
      `${shed} request record(s) shed, the oldest of the organizations holding the most: ${MAX_HELD} were held (auth slow or away, or a flood); usage counts are kept`,
    );
  }

  private async send(): Promise<void> {
    const usage = [...this.counts.values()];
    this.counts = new Map();
    const items: RequestRecord[] = [];
    for (const held of this.held.values()) for (const ring of [held.successes, held.errors]) for (const record of ring.drain()) items.push(record);
    this.held = new Map();
    this.heldCount = 0;
    const calls = callsOf(items, usage);
    for (let i = 0; i < calls.length; i++) {
      const undelivered = await this.deliver(calls[i]);
      if (!undelivered.length) continue;
      // newest first: each goes back before what is held
      for (const call of [...undelivered, ...calls.slice(i + 1)].reverse()) this.keep(call);
      this.schedule(RETRY_MS);
      return;
    }
    this.failures.succeeded('buffer');
  }

  /**
   * Sends one call; answers the parts auth did not take because it did not answer. A part it
   * refused is sent again in halves, down to the one record or count it refuses, which is dropped.
   */
  private async deliver(call: RequestRecords): Promise<RequestRecords[]> {
    if (this.recorder) {
      // auth's own service: what it cannot write now (its database away) goes again later
      return this.recorder(call).then(
        () => [],
        (error: unknown) => {
          this.failures.failed('record', `request records not written: ${(error as Error)?.message ?? String(error)}`);
          return [call];
        },
      );
    }
    const result = await this.api.call(this.env.AUTH_URL, RECORD_REQUESTS, { body: call, timeoutMs: 10_000 });
    if (result.kind === 'ok') return [];
    if (result.kind === 'unavailable') return [call];
    const halves = halvesOf(call);
    if (!halves) {
      this.drop(call, result);
      return [];
    }
    const first = await this.deliver(halves[0]);
    return first.length ? [...first, halves[1]] : this.deliver(halves[1]);
  }

  private drop(call: RequestRecords, refusal: Extract<InternalResult<unknown>, { kind: 'refused' }>): void {
    const what = call.usage.length ? 'count' : 'record';
    this.dropped.inc({ what, reason: 'refused' });
    this.logger.error(
      { refusal: refusal.body, [what]: call.usage[0] ?? call.items[0] },
      `auth refused a request ${what} (${refusal.status} ${refusal.code}): dropped`,
    );
  }

  /** Holds a call again: its counts added to those held, its records back as the oldest of their organizations. */
  private keep(call: RequestRecords): void {
    for (const count of call.usage) this.count(count.organizationId, count.credentialId, count.product, count.day, count.requests);
    const back = new Map<Newest, RequestRecord[]>();
    for (const record of call.items) {
      let held = this.held.get(record.organizationId);
      if (!held) this.held.set(record.organizationId, (held = new Held()));
      const ring = held.ringOf(record);
      const records = back.get(ring);
      if (records) records.push(record);
      else back.set(ring, [record]);
    }
    for (const [ring, records] of back) {
      const before = ring.size;
      ring.restore(records);
      this.heldCount += ring.size - before;
    }
    if (this.heldCount > MAX_HELD) this.shed();
  }
}

/** What is held, in calls within the input limits: the counts in the first ones. */
export function callsOf(items: RequestRecord[], usage: UsageCount[]): RequestRecords[] {
  const calls: RequestRecords[] = [];
  const total = Math.max(Math.ceil(items.length / RECORDS_PER_CALL), Math.ceil(usage.length / COUNTS_PER_CALL));
  for (let i = 0; i < total; i++) {
    calls.push({ items: items.slice(i * RECORDS_PER_CALL, (i + 1) * RECORDS_PER_CALL), usage: usage.slice(i * COUNTS_PER_CALL, (i + 1) * COUNTS_PER_CALL) });
  }
  return calls;
}

/** A call in two, each with at least one record or count; undefined for a call of one. */
export function halvesOf(call: RequestRecords): [RequestRecords, RequestRecords] | undefined {
  const total = call.items.length + call.usage.length;
  if (total < 2) return undefined;
  const cut = Math.floor(total / 2);
  const items = Math.min(cut, call.items.length);
  const usage = cut - items;
  return [
    { items: call.items.slice(0, items), usage: call.usage.slice(0, usage) },
    { items: call.items.slice(items), usage: call.usage.slice(usage) },
  ];
}

/** Made by the log's constructor rather than injected as a metric provider of the library: the log's tests build one by hand. */
function droppedMetric(service: ServiceName): Counter<'what' | 'reason'> {
  return serviceMetric(
    service,
    REQUEST_LOG_DROPPED_METRIC,
    () =>
      new Counter({
        name: REQUEST_LOG_DROPPED_METRIC,
        help: 'Request records and usage counts not delivered to auth: refused by it (reason refused), or records shed while the buffer was full (buffer_full)',
        labelNames: ['what', 'reason'],
        registers: [],
      }),
  );
}
