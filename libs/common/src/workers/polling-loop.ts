import { FailureLog, FailureLogOptions, FailureLogSink } from '../logging/failure-log';

/**
 * The schedule of a background worker: one round at a time, the next one `intervalMs` after
 * the last ends, or at once when woken (a round already running is followed by another at once).
 * Stopping waits for the round in flight. Timers never keep the process alive.
 */
export class PollingLoop {
  /**
   * A loop whose failed rounds are logged as `<name> failed` with the error, at error level, when
   * they start failing, every 30 s while they go on, and once when rounds work again (FailureLog).
   */
  static logged(intervalMs: number, round: () => Promise<void>, logger: FailureLogSink, name: string, options: FailureLogOptions = {}): PollingLoop {
    const failures = new FailureLog(logger, { level: 'error', ...options });
    return new PollingLoop(
      intervalMs,
      round,
      (error) => failures.failed(name, `${name} failed`, error),
      () => failures.succeeded(name),
    );
  }

  private timer?: NodeJS.Timeout;
  private current?: Promise<void>;
  private again = false;
  private halted = false;

  constructor(
    private readonly intervalMs: number,
    private readonly round: () => Promise<void>,
    private readonly onError: (error: unknown) => void,
    /** After a round that did not throw (to say a failing loop works again). */
    private readonly onSuccess: () => void = () => undefined,
  ) {}

  get stopped(): boolean {
    return this.halted;
  }

  start(): void {
    this.schedule(0);
  }

  wake(): void {
    if (this.halted) return;
    if (this.current) this.again = true;
    else this.schedule(0);
  }

  async stop(): Promise<void> {
    this.halted = true;
    clearTimeout(this.timer);
    await this.current;
  }

  private schedule(delayMs: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.run(), delayMs);
    this.timer.unref();
  }

  private run(): void {
    if (this.halted || this.current) return;
    this.current = this.round()
      .then(this.onSuccess, this.onError)
      .finally(() => {
        this.current = undefined;
        if (this.halted) return;
        const soon = this.again;
        this.again = false;
        this.schedule(soon ? 0 : this.intervalMs);
      });
  }
}
