import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, LessThanOrEqual } from 'typeorm';
import { BooksContract, DueCheck, Environment, FailureLog, InternalApi, PollingLoop } from '@platform/common';
import { Posting, PostingKind } from './posting.entity';

const MAX_BACKOFF_MS = 60_000;

/** Writes what payroll owes Books beside the change it records, delivers it, and retries it until Books takes it. */
@Injectable()
export class PostingsService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Postings');
  private readonly failures = new FailureLog(this.logger);
  private readonly loop: PollingLoop;
  private readonly due: DueCheck;
  /** Deliveries under way in this process, so that a caller delivering a run's postings waits for the sweep's too. */
  private readonly inFlight = new Map<string, { runId: string; done: Promise<void> }>();

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly api: InternalApi,
    @Inject(Environment) private readonly env: Environment,
  ) {
    this.loop = new PollingLoop(env.OUTBOX_POLL_MS, () => this.deliverDue(), () => undefined);
    this.due = new DueCheck(dataSource, Posting, (column) => `${column('status')} = 'pending' AND ${column('nextAttemptAt')} <= $1`);
  }

  onApplicationBootstrap(): void {
    this.loop.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.loop.stop();
  }

  /** Inside the caller's transaction; a second record of the same source is ignored. */
  async record(manager: EntityManager, kind: PostingKind, runId: string, sourceId: string, request: BooksContract.SourceJournalEntry): Promise<void> {
    await manager
      .createQueryBuilder()
      .insert()
      .into(Posting)
      .values({ companyId: request.companyId, runId, kind, sourceId, request, status: 'pending', attempts: 0, nextAttemptAt: new Date() })
      .orIgnore()
      .execute();
  }

  list(companyId: string, runId: string): Promise<Posting[]> {
    return this.dataSource.getRepository(Posting).find({ where: { companyId, runId }, order: { createdAt: 'ASC', kind: 'ASC' } });
  }

  /** Delivers what is due now (a run's, or all); what fails stays in the outbox for the next sweep. */
  async deliverDue(runId?: string): Promise<void> {
    try {
      // the sweep asks first whether anything is due; a caller delivering its run has just recorded its postings
      if (!runId && !(await this.due.anythingDue(new Date()))) return this.failures.succeeded('posting sweep');
      const due = await this.dataSource.getRepository(Posting).find({
        where: { status: 'pending', nextAttemptAt: LessThanOrEqual(new Date()), ...(runId ? { runId } : {}) },
        order: { createdAt: 'ASC' },
        take: 100,
      });
      // claimed one by one in deliver(): a sweep and a caller racing on the same posting post it once
      for (const posting of due) await this.deliverOnce(posting);
      // what the sweep of this process claimed before this call: its answer is the run's too
      if (runId) await Promise.all([...this.inFlight.values()].filter((d) => d.runId === runId).map((d) => d.done));
      this.failures.succeeded('posting sweep');
    } catch (error) {
      // callers have already committed what the posting records: it waits for the next sweep
      this.failures.failed('posting sweep', `posting sweep failed: ${(error as Error).message}`);
    }
  }

  private deliverOnce(posting: Posting): Promise<void> {
    const running = this.inFlight.get(posting.id);
    if (running) return running.done;
    const done = this.deliver(posting).finally(() => this.inFlight.delete(posting.id));
    this.inFlight.set(posting.id, { runId: posting.runId, done });
    return done;
  }

  private async deliver(posting: Posting): Promise<void> {
    const repository = this.dataSource.getRepository(Posting);
    // claim it: another sweep or replica that read it too skips it
    const lease = new Date(Date.now() + 30_000);
    const claimed = await repository
      .createQueryBuilder()
      .update()
      .set({ nextAttemptAt: lease })
      .where('id = :id AND status = :pending AND next_attempt_at <= :now', { id: posting.id, pending: 'pending', now: new Date() })
      .execute();
    if (!claimed.affected) return;

    // Books is idempotent on the posting's source and reference: a retry posts once
    const result = await this.api.call(this.env.BOOKS_URL, BooksContract.POST_JOURNAL_ENTRY, { body: posting.request });
    const attempts = posting.attempts + 1;
    if (result.kind === 'ok') {
      await repository.update(posting.id, { status: 'posted', journalEntryId: result.value.id, journalEntryNumber: result.value.number, attempts, lastError: null, postedAt: new Date() });
    } else if (result.kind === 'refused') {
      const error = `${result.code}: ${result.body.message ?? ''}`.slice(0, 500);
      this.logger.error(`Books refused the ${posting.kind} posting of run ${posting.runId}: ${error}`);
      await repository.update(posting.id, { status: 'failed', attempts, lastError: error });
    } else {
      const delay = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.min(attempts, 6));
      await repository.update(posting.id, { attempts, lastError: result.reason.slice(0, 500), nextAttemptAt: new Date(Date.now() + delay) });
    }
  }
}
