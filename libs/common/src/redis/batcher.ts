export interface BatcherOptions {
  /** At most this many items go in one call. */
  maxBatch: number;
  /** At most this many calls are out at once; the items that arrive meanwhile wait for the next. */
  maxInFlight: number;
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
    private readonly options: BatcherOptions,
  ) {}

  run(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      if (this.inFlight < this.options.maxInFlight) this.next();
    });
  }

  private next(): void {
    const batch = this.waiting.length > this.options.maxBatch ? this.waiting.splice(0, this.options.maxBatch) : this.waiting;
    if (batch === this.waiting) this.waiting = [];
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

  private done(): void {
    this.inFlight--;
    if (this.waiting.length) this.next();
  }
}
