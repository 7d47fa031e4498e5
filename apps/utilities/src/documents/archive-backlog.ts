import { Transform, TransformCallback } from 'node:stream';

/**
 * Sits between an archive and its reader and keeps count of the bytes the archive was given and
 * has not yet passed on. An archive takes an entry given as a buffer at once, whatever it holds
 * already (compress-commons writes it without waiting for its reader, and archiver says the entry
 * is taken): a writer that waits on `within()` after each entry holds at most about `limit` bytes
 * in the archive, however slow its reader and however many entries it writes.
 */
export class ArchiveBacklog extends Transform {
  private given = 0;
  private passed = 0;
  private waiting: (() => void) | null = null;

  constructor(private readonly limit: number) {
    super();
  }

  /** Counts bytes given to the archive (an entry's content). */
  give(bytes: number): void {
    this.given += bytes;
  }

  /** What the archive holds of what it was given: given and not yet passed on. */
  get held(): number {
    return Math.max(0, this.given - this.passed);
  }

  /** Settles once the archive holds no more than the limit. */
  within(): Promise<void> {
    if (this.held <= this.limit) return Promise.resolve();
    return new Promise((resolve) => {
      this.waiting = resolve;
    });
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.passed += chunk.length;
    if (this.waiting && this.held <= this.limit) {
      const resume = this.waiting;
      this.waiting = null;
      resume();
    }
    done(null, chunk);
  }
}
