import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In } from 'typeorm';
import { BooksContract, Environment, InternalApi, JobContext, JobQueue, rowJobKey } from '@platform/common';
import { Posting, PostingKind } from './posting.entity';

export const POST_TO_BOOKS = 'payroll:post-to-books';
/** A caller delivering its run's postings waits this long at most for their first attempt; what is left goes on in the background. */
const CALLER_WAIT_MS = 15_000;
const CALLER_CHECK_MS = 50;

/**
 * Writes what payroll owes Books beside the change it records, with a job of the queue
 * (`payroll:post-to-books`) in the same transaction, and posts it: retried with the queue's
 * jittered backoff while Books is away, until Books takes it (or refuses it, which fails it).
 */
@Injectable()
export class PostingsService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Postings');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly api: InternalApi,
    @Inject(Environment) private readonly env: Environment,
    private readonly queue: JobQueue,
  ) {
    queue.handle<{ postingId: string }>(POST_TO_BOOKS, (payload, job) => this.deliver(payload.postingId, job), { maxAttempts: 25, retryBaseMs: 1000, concurrency: 4 });
  }

  /** Inside the caller's transaction; a second record of the same source is ignored. */
  async record(manager: EntityManager, kind: PostingKind, runId: string, sourceId: string, request: BooksContract.SourceJournalEntry): Promise<void> {
    const inserted = await manager
      .createQueryBuilder()
      .insert()
      .into(Posting)
      .values({ companyId: request.companyId, runId, kind, sourceId, request, status: 'pending', attempts: 0, nextAttemptAt: new Date() })
      .orIgnore()
      .execute();
    const id = inserted.identifiers[0]?.id as string | undefined;
    if (id) await this.queue.add(POST_TO_BOOKS, { postingId: id }, { companyId: request.companyId, jobKey: rowJobKey(POST_TO_BOOKS, id) }, manager);
  }

  /** Pending postings without a job (recorded before postings were jobs) get one. */
  async onApplicationBootstrap(): Promise<void> {
    const pending = await this.dataSource.getRepository(Posting).find({ select: { id: true, companyId: true }, where: { status: 'pending' } });
    await this.queue.addMissing(POST_TO_BOOKS, pending, (postingId) => ({ postingId }));
  }

  list(companyId: string, runId: string): Promise<Posting[]> {
    return this.dataSource.getRepository(Posting).find({ where: { companyId, runId }, order: { createdAt: 'ASC', kind: 'ASC' } });
  }

  /**
   * Waits (CALLER_WAIT_MS at most) until each of the run's pending postings has been tried once
   * more since the call, so that the answer of an approval or a payment shows them posted, or
   * pending with Books' reason. The queue posts them (at once: its runners hear of new jobs).
   */
  async deliverDue(runId: string): Promise<void> {
    const repository = this.dataSource.getRepository(Posting);
    const pending = await repository.find({ select: { id: true, attempts: true }, where: { runId, status: 'pending' } });
    const attemptsBefore = new Map(pending.map((posting) => [posting.id, posting.attempts]));
    const deadline = Date.now() + CALLER_WAIT_MS;
    while (attemptsBefore.size && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, CALLER_CHECK_MS));
      const now = await repository.find({ select: { id: true, attempts: true, status: true }, where: { id: In([...attemptsBefore.keys()]) } });
      for (const posting of now) if (posting.status !== 'pending' || posting.attempts > attemptsBefore.get(posting.id)!) attemptsBefore.delete(posting.id);
    }
  }

  private async deliver(postingId: string, job: JobContext): Promise<void> {
    const repository = this.dataSource.getRepository(Posting);
    const posting = await repository.findOneBy({ id: postingId });
    if (!posting || posting.status !== 'pending') return;
    // Books is idempotent on the posting's source and reference: a retry posts once
    const result = await this.api.call(this.env.BOOKS_URL, BooksContract.POST_JOURNAL_ENTRY, { body: posting.request });
    const attempts = () => 'attempts + 1';
    if (result.kind === 'ok') {
      await repository.update(posting.id, { status: 'posted', journalEntryId: result.value.id, journalEntryNumber: result.value.number, attempts, lastError: null, postedAt: new Date() });
    } else if (result.kind === 'refused') {
      const error = `${result.code}: ${result.body.message ?? ''}`.slice(0, 500);
      this.logger.error(`Books refused the ${posting.kind} posting of run ${posting.runId}: ${error}`);
      await repository.update(posting.id, { status: 'failed', attempts, lastError: error });
    } else {
      await repository.update(posting.id, { attempts, lastError: result.reason.slice(0, 500), nextAttemptAt: job.retryAt ?? new Date() });
      throw new Error(`Books unavailable: ${result.reason}`);
    }
  }
}
