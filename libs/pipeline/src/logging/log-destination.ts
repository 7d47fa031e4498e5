import pino from 'pino';

/** Lines are handed to the writer once this many characters have gathered, or at the next flush. */
export const LOG_BUFFER_CHARS = 4096;
/** Gathered lines are handed to the writer at least this often, whatever the traffic. */
export const LOG_FLUSH_INTERVAL_MS = 1000;
/** pino's warn: a line at this level or above is handed over at once, with the lines before it. */
const PROMPT_LEVEL = 40;

type Writer = ReturnType<typeof pino.destination>;

/**
 * Where a service's pino writes its lines: gathered in memory and handed to pino's asynchronous
 * writer (sonic-boom, which writes off the event loop and deals with partial writes, a full pipe
 * and the exit) 4 kB at a time, and at least once a second. A warning or an error goes at once,
 * with the lines gathered before it.
 *
 * Every request logs a line at info. pino's default destination writes whatever has come as soon
 * as the write before has ended: under load, a write every few lines, each handed to libuv's
 * thread pool, which runs on the service's one core. sonic-boom's own `minLength` would make the
 * writes larger, but its `write` measures the whole string still waiting (`Buffer.byteLength`, to
 * keep a write under its maximum size) on every line, so the longer the wait the dearer each line.
 * Here 4 kB of lines are joined once and handed over together. Under the bench's GET, 4 and 16 kB
 * cost the same CPU per request; at 64 kB the lines, waiting longer, outlived young collections
 * and the p99 rose by a third.
 *
 * What is gathered is written when the process exits, whether by `process.exit`, an uncaught
 * exception or the end of its work: only a kill that leaves no exit (SIGKILL, the OOM killer)
 * loses the last second's lines.
 */
export class BufferedLogDestination {
  /** pino sets `lastLevel` (and the rest of its metadata) before each write to a destination that asks for it. */
  readonly [pino.symbols.needsMetadataGsym] = true;
  lastLevel = 0;
  private lines: string[] = [];
  private gathered = 0;
  private readonly writer: Writer;
  private readonly timer: NodeJS.Timeout;
  private readonly onExit = () => this.flushSync();

  constructor(
    fd: number,
    private readonly bufferChars = LOG_BUFFER_CHARS,
    flushIntervalMs = LOG_FLUSH_INTERVAL_MS,
  ) {
    this.writer = pino.destination({ dest: fd, sync: false });
    this.timer = setInterval(() => this.handOver(), flushIntervalMs);
    this.timer.unref();
    process.once('exit', this.onExit);
  }

  write(line: string): boolean {
    this.lines.push(line);
    this.gathered += line.length;
    if (this.gathered >= this.bufferChars || this.lastLevel >= PROMPT_LEVEL) this.handOver();
    return true;
  }

  /** Hands every gathered line to the writer, which writes them off the event loop. */
  flush(callback?: (error?: Error) => void): void {
    this.handOver();
    this.writer.flush(callback);
  }

  /** Writes every gathered line before returning. */
  flushSync(): void {
    this.handOver();
    this.writer.flushSync();
  }

  /** Writes what is left and closes the descriptor (standard output and error stay open). */
  end(): Writer {
    clearInterval(this.timer);
    process.off('exit', this.onExit);
    this.handOver();
    this.writer.end();
    return this.writer;
  }

  private handOver(): void {
    if (this.lines.length === 0) return;
    const text = this.lines.length === 1 ? this.lines[0] : this.lines.join('');
    this.lines = [];
    this.gathered = 0;
    this.writer.write(text);
  }
}

let standardOutput: BufferedLogDestination | undefined;

/** Standard output, buffered; one per process, so the one-machine suite's services share it and their lines are written whole. */
export function logDestination(): BufferedLogDestination {
  return (standardOutput ??= new BufferedLogDestination(1));
}
