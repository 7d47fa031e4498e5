import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { BooksContract } from '@platform/contracts';
import { Environment, InternalApi } from '@platform/pipeline';
import { JobContext, JobQueue, rowJobKey } from '@platform/data';
import { Posting, PostingKind } from './posting.entity';
import { PostingsRepository } from './postings.repository';

export const POST_TO_BOOKS = 'payroll:post-to-books';
/** A caller delivering its run's postings waits this long at most for their first attempt; what is left goes on in the background. */
const CALLER_WAIT_MS = 15_000;
const CALLER_CHECK_MS = 50;

/** A delivery job: the posting, and its company (left out by the jobs of releases before it was carried). */
interface DeliveryJob {
  postingId: string;
  companyId?: string;
}

/**
 * Writes what payroll owes Books beside the change it records, with a job of the queue
 * (`payroll:post-to-books`) in the same transaction, and posts it: retried with the queue's
 * jittered backoff while Books is away, until Books takes it (or refuses it, which fails it).
 */
@Injectable()
export class PostingsService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Postings');

  constructor(
    private readonly postings: PostingsRepository,
    private readonly api: InternalApi,
    @Inject(Environment) private readonly env: Environment,
    private readonly queue: JobQueue,
  ) {
    queue.handle<DeliveryJob>(POST_TO_BOOKS, (payload, job) => this.deliver(payload, job), { maxAttempts: 25, retryBaseMs: 1000, concurrency: 4 });
  }

  /** Inside the caller's transaction; a second record of the same source is ignored. */
  async record(manager: EntityManager, kind: PostingKind, runId: string, sourceId: string, request: BooksContract.SourceJournalEntry): Promise<void> {
    const { companyId } = request;
    const id = await this.postings.insertPosting(companyId, { runId, kind, sourceId, request }, manager);
    if (id)
      await this.queue.add(POST_TO_BOOKS, { postingId: id, companyId } satisfies DeliveryJob, { companyId, jobKey: rowJobKey(POST_TO_BOOKS, id) }, manager);
  }

  /** Pending postings without a job (recorded before postings were jobs) get one. */
  async onApplicationBootstrap(): Promise<void> {
    const pending = await this.postings.pendingAcrossCompanies();
    const companyOf = new Map(pending.map((posting) => [posting.id, posting.companyId]));
    await this.queue.addMissing(POST_TO_BOOKS, pending, (postingId): DeliveryJob => ({ postingId, companyId: companyOf.get(postingId) }));
  }

  list(companyId: string, runId: string): Promise<Posting[]> {
    return this.postings.listPostings(companyId, runId);
  }

  /**
   * Waits (CALLER_WAIT_MS at most) until each of the run's pending postings has been tried once
   * more since the call, so that the answer of an approval or a payment shows them posted, or
   * pending with Books' reason. The queue posts them (at once: its runners hear of new jobs).
   */
  async deliverDue(companyId: string, runId: string): Promise<void> {
    const pending = await this.postings.pendingOfRun(companyId, runId);
    const attemptsBefore = new Map(pending.map((posting) => [posting.id, posting.attempts]));
    const deadline = Date.now() + CALLER_WAIT_MS;
    while (attemptsBefore.size && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, CALLER_CHECK_MS));
      const now = await this.postings.deliveryOf(companyId, [...attemptsBefore.keys()]);
      for (const posting of now) if (posting.status !== 'pending' || posting.attempts > attemptsBefore.get(posting.id)!) attemptsBefore.delete(posting.id);
    }
  }

  private async deliver({ postingId, companyId }: DeliveryJob, job: JobContext): Promise<void> {
    const posting = companyId ? await this.postings.findPosting(companyId, postingId) : await this.postings.findPostingAcrossCompanies(postingId);
    if (!posting || posting.status !== 'pending') return;
    // Books is idempotent on the posting's source and reference: a retry posts once
    const result = await this.api.call(this.env.BOOKS_URL, BooksContract.POST_JOURNAL_ENTRY, { body: posting.request });
    if (result.kind === 'ok') {
      await this.postings.markPosted(posting.companyId, posting.id, result.value);
    } else if (result.kind === 'refused') {
      const error = `${result.code}: ${result.body.message ?? ''}`.slice(0, 500);
      this.logger.error(`Books refused the ${posting.kind} posting of run ${posting.runId}: ${error}`);
      await this.postings.markFailed(posting.companyId, posting.id, error);
    } else {
      await this.postings.markUnavailable(posting.companyId, posting.id, result.reason.slice(0, 500), job.retryAt ?? new Date());
      throw new Error(`Books unavailable: ${result.reason}`);
    }
  }
}
