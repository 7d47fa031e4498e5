import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { join } from 'node:path';
import type { Piscina } from 'piscina';
import { Environment, PlatformException } from '@platform/pipeline';
import type { DocumentFormat } from '../document.entity';
import type { DocumentModel } from './document-model';
import type { RenderResult, RenderTask } from './render.worker';

/** A render thread left without work this long exits, and its memory (pdfkit, exceljs, the last document) goes with it. */
const IDLE_THREAD_MS = 30_000;

/**
 * Run from the TypeScript sources (ts-jest), a new thread cannot load render.worker.ts by itself;
 * it first requires this hook, which compiles .ts modules as they load. Built, the worker is the .js.
 */
const TYPESCRIPT_HOOK = join(__dirname, '../../../../../test/support/register-typescript.js');

export interface RenderedFile {
  bytes: Buffer;
  pageCount: number | null;
}

/** At most `size` holders at a time; the others wait in arrival order. */
class Slots {
  private readonly waiting: (() => void)[] = [];

  constructor(private free: number) {}

  async take(): Promise<void> {
    if (this.free > 0) {
      this.free -= 1;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  give(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.free += 1;
  }
}

/**
 * Renders document models to PDF or XLSX bytes in worker threads (piscina), off the event loop
 * that answers requests: at most DOCUMENT_RENDER_THREADS at once, threads started on demand and
 * ended when idle. Each render has DOCUMENT_RENDER_TIMEOUT_MS from the moment a thread takes it
 * (waiting for a free thread does not count); past it the thread is terminated and the render
 * refused with DOCUMENT_RENDER_TIMEOUT.
 */
@Injectable()
export class DocumentRenderer implements OnApplicationShutdown {
  private started?: Piscina<RenderTask, RenderResult>;
  private readonly slots: Slots;

  constructor(@Inject(Environment) private readonly env: Environment) {
    this.slots = new Slots(env.DOCUMENT_RENDER_THREADS);
  }

  /** Renders at once, at most: what a batch of documents keeps busy. */
  get threads(): number {
    return this.env.DOCUMENT_RENDER_THREADS;
  }

  async render(model: DocumentModel, format: DocumentFormat): Promise<RenderedFile> {
    await this.slots.take();
    const budget = AbortSignal.timeout(this.env.DOCUMENT_RENDER_TIMEOUT_MS);
    try {
      const { bytes, pageCount } = await this.pool().run({ model, format }, { signal: budget });
      return { bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), pageCount };
    } catch (error) {
      if (budget.aborted) throw new PlatformException('DOCUMENT_RENDER_TIMEOUT', { params: { limit: this.env.DOCUMENT_RENDER_TIMEOUT_MS } });
      throw error;
    } finally {
      this.slots.give();
    }
  }

  /** After the HTTP server and the job worker have finished what they had in flight. */
  async onApplicationShutdown(): Promise<void> {
    await this.started?.destroy();
  }

  private pool(): Piscina<RenderTask, RenderResult> {
    if (this.started) return this.started;
    const fromSources = __filename.endsWith('.ts');
    // Loaded by the first document, not at start, as the renderers themselves are.
    const { Piscina } = require('piscina') as typeof import('piscina');
    this.started = new Piscina<RenderTask, RenderResult>({
      filename: join(__dirname, fromSources ? 'render.worker.ts' : 'render.worker.js'),
      execArgv: fromSources ? ['--require', TYPESCRIPT_HOOK] : [],
      minThreads: 0,
      maxThreads: this.env.DOCUMENT_RENDER_THREADS,
      idleTimeout: IDLE_THREAD_MS,
      // Where the CPU is short, the thread answering requests goes first (@napi-rs/nice, piscina's optional dependency).
      niceIncrement: 10,
    });
    return this.started;
  }
}
