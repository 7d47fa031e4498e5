/** What a FailureLog writes to: a Nest Logger (routed to pino by nestjs-pino) or anything alike. */
export interface FailureLogSink {
  warn(message: any, ...rest: any[]): void;
  error(message: any, ...rest: any[]): void;
  log(message: any, ...rest: any[]): void;
}

interface Outage {
  since: number;
  reportedAt: number;
  failures: number;
  /** failures since the last line written */
  unreported: number;
}

/** While a failure goes on, one line at most this often. */
export const FAILURE_REPORT_INTERVAL_MS = 30_000;

/**
 * The log of something that is retried until it works: a dependency called on every request, a
 * poll every second. A dependency that is down would otherwise log a line per attempt (a line per
 * request under load, all alike), and the lines that matter, when it failed and when it came
 * back, would drown in them. Per key: the first failure is logged at once, then at most one line
 * per interval while the failures go on (with how many there were meanwhile and since when), and
 * one line when it works again.
 */
export class FailureLog {
  private readonly outages = new Map<string, Outage>();

  constructor(
    private readonly sink: FailureLogSink,
    private readonly level: 'warn' | 'error' = 'warn',
    private readonly intervalMs = FAILURE_REPORT_INTERVAL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** One failed attempt of `key`; `message` says what failed, `error` (optional) is logged as `err`. */
  failed(key: string, message: string, error?: unknown): void {
    const at = this.now();
    const outage = this.outages.get(key);
    if (!outage) {
      this.outages.set(key, { since: at, reportedAt: at, failures: 1, unreported: 0 });
      this.write(message, error, {});
      return;
    }
    outage.failures++;
    outage.unreported++;
    if (at - outage.reportedAt < this.intervalMs) return;
    this.write(`${message} (still failing: ${outage.unreported} failures in the last ${seconds(at - outage.reportedAt)} s, ${outage.failures} since ${new Date(outage.since).toISOString()})`, error, {
      failures: outage.failures,
    });
    outage.reportedAt = at;
    outage.unreported = 0;
  }

  /** An attempt of `key` worked: if it had been failing, says so once. */
  succeeded(key: string): void {
    if (this.outages.size === 0) return;
    const outage = this.outages.get(key);
    if (!outage) return;
    this.outages.delete(key);
    this.sink.log({ failures: outage.failures }, `${key}: working again after ${outage.failures} failure(s) over ${seconds(this.now() - outage.since)} s`);
  }

  /** Whether `key` is failing now (its last attempt failed). */
  failing(key: string): boolean {
    return this.outages.has(key);
  }

  private write(message: string, error: unknown, fields: Record<string, unknown>): void {
    const context = error === undefined ? fields : { ...fields, err: error };
    if (Object.keys(context).length) this.sink[this.level](context, message);
    else this.sink[this.level](message);
  }
}

const seconds = (ms: number) => Math.round(ms / 100) / 10;
