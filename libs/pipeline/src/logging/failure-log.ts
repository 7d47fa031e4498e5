/** What a FailureLog writes to: a Nest Logger (routed to pino by nestjs-pino) or anything alike. */
export interface FailureLogSink {
  warn(message: unknown, ...rest: unknown[]): void;
  error(message: unknown, ...rest: unknown[]): void;
  log(message: unknown, ...rest: unknown[]): void;
}

export interface FailureLogOptions {
  /** The level of the failure lines (the recovery line is at info). Default warn. */
  level?: 'warn' | 'error';
  /** While failures go on, one line at most this often. Default 30 s. */
  reportEveryMs?: number;
  /** A success counts as the end of the failures once none came for this long. Default 5 s. */
  quietMs?: number;
  now?: () => number;
}

interface Outage {
  since: number;
  lastFailureAt: number;
  reportedAt: number;
  failures: number;
  /** failures since the last line written */
  unreported: number;
}

/**
 * The log of something that is retried until it works: a dependency called on every request, a
 * poll every second. A dependency that is down would otherwise log a line per attempt (a line per
 * request under load, all alike), and the lines that matter, when it failed and when it came
 * back, would drown in them. Per key: the first failure is logged at once, then at most one line
 * per interval while the failures go on (with how many there were meanwhile and since when), and
 * one line when it works again: at the first success after a quiet spell without failures, so
 * that a dependency failing every other call is one outage, not a line per call.
 */
export class FailureLog {
  private readonly outages = new Map<string, Outage>();
  private readonly level: 'warn' | 'error';
  private readonly reportEveryMs: number;
  private readonly quietMs: number;
  private readonly now: () => number;

  constructor(
    private readonly sink: FailureLogSink,
    options: FailureLogOptions = {},
  ) {
    this.level = options.level ?? 'warn';
    this.reportEveryMs = options.reportEveryMs ?? 30_000;
    this.quietMs = options.quietMs ?? 5_000;
    this.now = options.now ?? Date.now;
  }

  /** One failed attempt of `key`; `message` says what failed, `error` (optional) is logged as `err`. */
  failed(key: string, message: string, error?: unknown): void {
    const at = this.now();
    const outage = this.outages.get(key);
    // a first failure, or one long after the last with no success seen between: a new outage
    if (!outage || at - outage.lastFailureAt >= this.reportEveryMs) {
      this.outages.set(key, { since: at, lastFailureAt: at, reportedAt: at, failures: 1, unreported: 0 });
      this.write(message, error);
      return;
    }
    outage.failures++;
    outage.unreported++;
    outage.lastFailureAt = at;
    if (at - outage.reportedAt < this.reportEveryMs) return;
    const still = `still failing: ${outage.unreported} failures in the last ${seconds(at - outage.reportedAt)} s, ${outage.failures} since ${new Date(outage.since).toISOString()}`;
    this.write(`${message} (${still})`, error, outage.failures);
    outage.reportedAt = at;
    outage.unreported = 0;
  }

  /** An attempt of `key` worked: if it had been failing and has not failed for a while, says so once. */
  succeeded(key: string): void {
    if (this.outages.size === 0) return;
    const outage = this.outages.get(key);
    if (!outage) return;
    const at = this.now();
    if (at - outage.lastFailureAt < this.quietMs) return;
    this.outages.delete(key);
    this.sink.log(
      { failures: outage.failures },
      `${key}: working again after ${outage.failures} failure(s) over ${seconds(outage.lastFailureAt - outage.since)} s`,
    );
  }

  /** `message` alone, or after the fields pino merges into the line: the count so far and the error. */
  private write(message: string, error?: unknown, failures?: number): void {
    if (error === undefined && failures === undefined) return this.sink[this.level](message);
    this.sink[this.level]({ ...(failures === undefined ? {} : { failures }), ...(error === undefined ? {} : { err: error }) }, message);
  }
}

const seconds = (ms: number) => Math.round(ms / 100) / 10;
