import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In } from 'typeorm';
import { DueCheck, ERROR_CODES, Environment, ErrorCode, interpolate, PlatformException, PollingLoop, Transactions } from '@platform/common';
import { DocumentJob, JobError } from './document-job.entity';
import { DocumentsService } from './documents.service';
import { languageOf } from './render/locale';

/** A job is tried this many times when a service it reads is away (or its instance stopped). */
export const MAX_JOB_ATTEMPTS = 3;
const RETRY_BASE_MS = 2000;
/** Progress is written at most this often per job. */
const PROGRESS_EVERY_MS = 250;

/** Lost the lease to another instance: this run's result is dropped. */
class LeaseLost extends Error {}

/** Queued, or waiting for its retry; or running on an instance whose lease lapsed. */
const DUE = `job.status IN ('queued', 'running') AND (job.lockedUntil IS NULL OR job.lockedUntil <= :now)`;

/**
 * Renders queued document jobs, at most DOCUMENT_JOB_CONCURRENCY at a time per instance and
 * DOCUMENT_JOB_COMPANY_CONCURRENCY per company across instances, companies taking turns. Each
 * round picks due jobs fairly, then claims them — `FOR UPDATE SKIP LOCKED`, so instances never
 * claim the same one — and leases them
 * (`locked_until`), renewing the lease while a job runs. A job left running by a stopped instance
 * is claimed again once its lease lapses. Errors from services that are away are retried with
 * backoff; any other error fails the job with `{ code, message }`.
 */
@Injectable()
export class DocumentJobWorker implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('DocumentJobWorker');
  private readonly running = new Set<Promise<void>>();
  private readonly loop: PollingLoop;
  private readonly due: DueCheck;

  constructor(
    @Inject(Environment) private readonly env: Environment,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly transactions: Transactions,
    private readonly documents: DocumentsService,
  ) {
    this.loop = PollingLoop.logged(env.DOCUMENT_JOB_POLL_MS, () => this.fill(), this.logger, 'document job claim');
    this.due = new DueCheck(
      dataSource,
      DocumentJob,
      (column) => `${column('status')} IN ('queued', 'running') AND (${column('lockedUntil')} IS NULL OR ${column('lockedUntil')} <= $1)`,
    );
  }

  onApplicationBootstrap(): void {
    this.loop.start();
  }

  /** A new job need not wait for the poll. */
  wake(): void {
    this.loop.wake();
  }

  /** Stops claiming; the jobs in flight finish and are recorded (the queued ones wait for the next instance). */
  async onModuleDestroy(): Promise<void> {
    await this.loop.stop();
    await Promise.allSettled([...this.running]);
  }

  /** Claims as many jobs as there are free slots and starts them. */
  private async fill(): Promise<void> {
    const free = this.env.DOCUMENT_JOB_CONCURRENCY - this.running.size;
    if (free <= 0 || !(await this.due.anythingDue(new Date()))) return;
    for (const job of await this.claim(free)) {
      const run: Promise<void> = this.execute(job)
        .catch((error: unknown) => this.logger.error({ err: error }, `document job ${job.id} could not be recorded`))
        .finally(() => {
          this.running.delete(run);
          this.wake();
        });
      this.running.add(run);
    }
  }

  private claim(limit: number): Promise<DocumentJob[]> {
    return this.transactions.run(async (manager) => {
      const now = new Date();
      const next = await this.nextTurns(manager, now, limit);
      if (!next.length) return [];
      // Another instance may have claimed some since: the lock skips those it holds, the condition those it committed.
      const due = await manager
        .getRepository(DocumentJob)
        .createQueryBuilder('job')
        .where('job.id IN (:...next)', { next })
        .andWhere(DUE, { now })
        .setLock('pessimistic_write')
        .setOnLocked('skip_locked')
        .getMany();
      if (!due.length) return [];
      const lockedUntil = new Date(now.getTime() + this.env.DOCUMENT_JOB_LEASE_MS);
      await manager.update(DocumentJob, { id: In(due.map((job) => job.id)) }, { status: 'running', attempts: () => 'attempts + 1', lockedUntil });
      for (const job of due.filter((job) => !job.startedAt)) await manager.update(DocumentJob, { id: job.id }, { startedAt: now });
      return due.map((job) => Object.assign(job, { status: 'running', attempts: job.attempts + 1, lockedUntil, startedAt: job.startedAt ?? now }));
    });
  }

  /**
   * The ids of the due jobs to start next, at most `limit`. A company may have
   * DOCUMENT_JOB_COMPANY_CONCURRENCY jobs running (unexpired leases, on any instance); its due
   * jobs get turns after those, oldest first, and turns are served in order: every company's next
   * job comes before any company's one after it. A company that queued a hundred jobs holds no more
   * slots than that, and another company's job starts as soon as a slot is free. Two instances
   * choosing at once choose the same rows, which the claim's lock gives to one of them.
   */
  private async nextTurns(manager: EntityManager, now: Date, limit: number): Promise<string[]> {
    const turns = await manager
      .createQueryBuilder()
      .select('turns.id', 'id')
      .from(
        (ranked) =>
          ranked
            .select('job.id', 'id')
            .addSelect('job.createdAt', 'created_at')
            .addSelect('COALESCE(busy.running, 0) + ROW_NUMBER() OVER (PARTITION BY job.companyId ORDER BY job.createdAt, job.id)', 'turn')
            .from(DocumentJob, 'job')
            .leftJoin(
              (running) =>
                running
                  .select('leased.companyId', 'company_id')
                  .addSelect('COUNT(*)', 'running')
                  .from(DocumentJob, 'leased')
                  .where(`leased.status = 'running' AND leased.lockedUntil > :now`)
                  .groupBy('leased.companyId'),
              'busy',
              'busy.company_id = job.companyId',
            )
            .where(DUE),
        'turns',
      )
      .where('turns.turn <= :cap')
      .orderBy('turns.turn', 'ASC')
      .addOrderBy('turns.created_at', 'ASC')
      .addOrderBy('turns.id', 'ASC')
      .limit(limit)
      .setParameters({ now, cap: this.env.DOCUMENT_JOB_COMPANY_CONCURRENCY })
      .getRawMany<{ id: string }>();
    return turns.map((turn) => turn.id);
  }

  private async execute(job: DocumentJob): Promise<void> {
    // This claim is ours while status is running and attempts is the one we set.
    const ours = { id: job.id, status: 'running' as const, attempts: job.attempts };
    const renew = setInterval(() => {
      void this.dataSource
        .getRepository(DocumentJob)
        .update(ours, { lockedUntil: new Date(Date.now() + this.env.DOCUMENT_JOB_LEASE_MS) })
        .catch((error: unknown) => this.logger.warn(`document job ${job.id}: lease not renewed: ${(error as Error).message}`));
    }, Math.max(250, Math.floor(this.env.DOCUMENT_JOB_LEASE_MS / 3)));
    renew.unref();
    let lastWrite = 0;
    const progress = async (percent: number) => {
      if (Date.now() - lastWrite < PROGRESS_EVERY_MS) return;
      lastWrite = Date.now();
      await this.dataSource.getRepository(DocumentJob).update(ours, { progress: Math.min(99, percent) });
    };
    try {
      if (job.attempts > MAX_JOB_ATTEMPTS) throw new Error(`abandoned after ${MAX_JOB_ATTEMPTS} attempts whose instances stopped`);
      await this.documents.produce(job.companyId, job.request, job.id, progress, async (manager, document) => {
        const result = await manager.update(DocumentJob, ours, { status: 'succeeded', progress: 100, documentId: document.id, error: null, lockedUntil: null, finishedAt: new Date() });
        if (!result.affected) throw new LeaseLost();
      });
    } catch (caught) {
      if (caught instanceof LeaseLost) {
        this.logger.warn(`document job ${job.id}: claimed by another instance meanwhile; this result is dropped`);
        return;
      }
      await this.fail(job, ours, caught);
    } finally {
      clearInterval(renew);
    }
  }

  private async fail(job: DocumentJob, ours: { id: string; status: 'running'; attempts: number }, caught: unknown): Promise<void> {
    const error = this.describe(caught, job);
    const retry = error.code === 'UPSTREAM_UNAVAILABLE' && job.attempts < MAX_JOB_ATTEMPTS;
    if (!(caught instanceof PlatformException)) this.logger.error({ err: caught }, `document job ${job.id} failed`);
    else this.logger.warn(`document job ${job.id} attempt ${job.attempts}: ${error.code}${retry ? ', will retry' : ''}`);
    await this.dataSource
      .getRepository(DocumentJob)
      .update(
        ours,
        retry
          ? { status: 'queued', error, lockedUntil: new Date(Date.now() + RETRY_BASE_MS * 2 ** (job.attempts - 1)) }
          : { status: 'failed', error, lockedUntil: null, finishedAt: new Date() },
      );
  }

  /** The registry's code and message in the job's language; unexpected errors stay generic (details in the log). */
  private describe(caught: unknown, job: DocumentJob): JobError {
    const language = languageOf(job.request.locale);
    const code: ErrorCode = caught instanceof PlatformException ? caught.code : 'INTERNAL_ERROR';
    const message = interpolate(ERROR_CODES[code].message[language], caught instanceof PlatformException ? caught.options.params : undefined);
    const fields = caught instanceof PlatformException && caught.options.errors ? ` ${Object.entries(caught.options.errors).map(([field, problems]) => `${field}: ${problems.join('; ')}`).join(' | ')}` : '';
    return { code, message: `${message}${fields}` };
  }
}
