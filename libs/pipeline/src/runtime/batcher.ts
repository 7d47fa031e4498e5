export interface BatcherOptions<I = unknown> {
  /** At most this many items go in one call. */
  maxBatch: number;
  /** At most this many calls are out at once; the items that arrive meanwhile wait for the next. */
  maxInFlight: number;
  /**
   * When set, a call never carries two items of the same key: a later one waits for a later
   * call, and items of one key go out in the order they came. For writes of rows, which one
   * statement may not change twice.
   */
  distinctBy?: (item: I) => unknown;
}

interface Waiting<I, O> {
  item: I;
  resolve(result: O): void;
  reject(error: unknown): void;
}

/**
 * Gathers the items of concurrent requests into calls of many: an item goes out at once while
 * fewer than `maxInFlight` calls are out; those that arrive while they are out go together in
 * the next call. An idle service adds no wait; a busy one makes one round trip (one write, one
 * read) for many requests instead of one each. `send` answers one result per item, in order;
 * when it fails, every item of that call gets its error.
 */
export class Batcher<I, O> {
  private waiting: Waiting<I, O>[] = [];
  private inFlight = 0;

  constructor(
    private readonly send: (items: I[]) => Promise<O[]>,
    private readonly options: BatcherOptions<I>,
  ) {}

  run(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      if (this.inFlight < this.options.maxInFlight) this.next();
    });
  }

  private next(): void {
    const batch = this.take();
    this.inFlight++;
    let sent: Promise<O[]>;
    try {
      sent = this.send(batch.map((waiting) => waiting.item));
    } catch (error) {
      sent = Promise.reject(error);
    }
    sent.then(
      (results) => {
        for (let i = 0; i < batch.length; i++) batch[i].resolve(results[i]);
        this.done();
      },
      (error: unknown) => {
        for (const waiting of batch) waiting.reject(error);
        this.done();
      },
    );
  }

  /** The next call's items, out of the waiting ones. */
  private take(): Waiting<I, O>[] {
    const { maxBatch, distinctBy } = this.options;
    if (!distinctBy) {
      if (this.waiting.length <= maxBatch) {
        const all = this.waiting;
        this.waiting = [];
        return all;
      }
      return this.waiting.splice(0, maxBatch);
    }
    const batch: Waiting<I, O>[] = [];
    const left: Waiting<I, O>[] = [];
    const keys = new Set<unknown>();
    for (const waiting of this.waiting) {
      const key = distinctBy(waiting.item);
      if (batch.length < maxBatch && !keys.has(key)) batch.push(waiting);
      else left.push(waiting);
      // A key seen once stays taken, so that a later item of it never overtakes an earlier one.
      keys.add(key);
    }
    this.waiting = left;
    return batch;
  }

  private done(): void {
    this.inFlight--;
    if (this.waiting.length) this.next();
  }
}
