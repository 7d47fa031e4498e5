import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ERROR_CODES, ErrorCode } from '@platform/contracts';
import { Environment, interpolate, PlatformException } from '@platform/pipeline';
import { EventOutbox, JobContext, JobQueue, rowJobKey, Transactions } from '@platform/data';
import { DocumentJob, JobError } from './document-job.entity';
import { DocumentJobsRepository, JobClaim } from './document-jobs.repository';
import { documentJobView } from './document-job.view';
import { DocumentsService } from './documents.service';
import { languageOf } from './render/locale';

export const RENDER_DOCUMENT = 'utilities:render-document';
/** A job is tried this many times when a service it reads is away (or its instance died). */
export const MAX_JOB_ATTEMPTS = 3;
const RETRY_BASE_MS = 2000;
/** Progress is written at most this often per job. */
const PROGRESS_EVERY_MS = 250;

/** The job was started again elsewhere meanwhile (this instance was taken for dead): this run's result is dropped. */
class ClaimLost extends Error {}

/**
 * Renders document jobs as jobs of the queue (`utilities:render-document`, added in the
 * transaction that writes the document job): at most DOCUMENT_JOB_CONCURRENCY at a time per
 * instance, and DOCUMENT_JOB_COMPANY_CONCURRENCY per company across instances (the queue's
 * company queues), companies taking turns (the queue's company backlog priority). A job whose
 * instance died is run again once the queue's visibility timeout lapses. Errors from services
 * that are away are retried with backoff; any other error fails the job with `{ code, message }`.
 */
@Injectable()
export class DocumentJobRenderer implements OnApplicationBootstrap {
  private readonly logger = new Logger('DocumentJobRenderer');

  constructor(
    @Inject(Environment) env: Environment,
    private readonly jobs: DocumentJobsRepository,
    private readonly transactions: Transactions,
    private readonly documents: DocumentsService,
    private readonly queue: JobQueue,
    private readonly outbox: EventOutbox,
  ) {
    // one more run than MAX_JOB_ATTEMPTS: the run that finds its attempts used up by instances that died records the failure
    queue.handle<{ jobId: string }>(RENDER_DOCUMENT, (payload, job) => this.render(payload.jobId, job), {
      maxAttempts: MAX_JOB_ATTEMPTS + 1,
      retryBaseMs: RETRY_BASE_MS,
      concurrency: env.DOCUMENT_JOB_CONCURRENCY,
      companyConcurrency: env.DOCUMENT_JOB_COMPANY_CONCURRENCY,
    });
  }

  /** Queues a document job just written in `manager`'s transaction. */
  enqueue(job: { id: string; companyId: string }, manager: EntityManager): Promise<string> {
    return this.queue.add(RENDER_DOCUMENT, { jobId: job.id }, { companyId: job.companyId, jobKey: rowJobKey(RENDER_DOCUMENT, job.id) }, manager);
  }

  /** Document jobs not finished and without a queue job (written before they were queue jobs) get one. */
  async onApplicationBootstrap(): Promise<void> {
    const unfinished = await this.jobs.unfinishedAcrossCompanies();
    await this.queue.addMissing(RENDER_DOCUMENT, unfinished, (jobId) => ({ jobId }));
  }

  private async render(jobId: string, run: JobContext): Promise<void> {
    const job = (await this.jobs.claimAcrossCompanies(jobId)) ? await this.jobs.findJobAcrossCompanies(jobId) : null;
    if (!job) return;
    const ours: JobClaim = { id: job.id, status: 'running', attempts: job.attempts };
    let lastWrite = 0;
    const progress = async (percent: number) => {
      if (Date.now() - lastWrite < PROGRESS_EVERY_MS) return;
      lastWrite = Date.now();
      await this.jobs.setProgress(job.companyId, ours, Math.min(99, percent));
    };
    try {
      if (job.attempts > MAX_JOB_ATTEMPTS) throw new Error(`abandoned after ${MAX_JOB_ATTEMPTS} attempts whose instances stopped`);
      await this.documents.produce(job.companyId, job.request, job.id, progress, async (document, manager) => {
        const settled = await this.jobs.settleClaim(
          job.companyId,
          ours,
          { status: 'succeeded', progress: 100, documentId: document.id, error: null, finishedAt: new Date() },
          manager,
        );
        if (!settled) throw new ClaimLost();
        await this.outbox.record(manager, job.companyId, 'document_job.succeeded', documentJobView((await this.jobs.readJob(job.companyId, job.id, manager))!));
      });
    } catch (caught) {
      if (caught instanceof ClaimLost) {
        this.logger.warn(`document job ${job.id}: started again elsewhere meanwhile; this result is dropped`);
        return;
      }
      await this.fail(job, ours, caught, run);
    }
  }

  private async fail(job: DocumentJob, ours: JobClaim, caught: unknown, run: JobContext): Promise<void> {
    const error = this.describe(caught, job);
    const retry = error.code === 'UPSTREAM_UNAVAILABLE' && job.attempts < MAX_JOB_ATTEMPTS && run.retryAt !== null;
    if (!(caught instanceof PlatformException)) this.logger.error({ err: caught }, `document job ${job.id} failed`);
    else this.logger.warn(`document job ${job.id} attempt ${job.attempts}: ${error.code}${retry ? ', will retry' : ''}`);
    if (retry) await this.jobs.settleClaim(job.companyId, ours, { status: 'queued', error });
    else {
      await this.transactions.run(async (manager) => {
        if (await this.jobs.settleClaim(job.companyId, ours, { status: 'failed', error, finishedAt: new Date() }, manager))
          await this.outbox.record(manager, job.companyId, 'document_job.failed', documentJobView((await this.jobs.readJob(job.companyId, job.id, manager))!));
      });
    }
    // the queue runs it again after its backoff; a failure for good is recorded on the job, not left as a dead letter
    if (retry) throw caught;
  }

  /** The registry's code and message in the job's language; unexpected errors stay generic (details in the log). */
  private describe(caught: unknown, job: DocumentJob): JobError {
    const language = languageOf(job.request.locale);
    const code: ErrorCode = caught instanceof PlatformException ? caught.code : 'INTERNAL_ERROR';
    const message = interpolate(ERROR_CODES[code].message[language], caught instanceof PlatformException ? caught.options.params : undefined, language);
    const fields =
      caught instanceof PlatformException && caught.options.errors
        ? ` ${Object.entries(caught.options.errors)
            .map(([field, problems]) => `${field}: ${problems.join('; ')}`)
            .join(' | ')}`
        : '';
    return { code, message: `${message}${fields}` };
  }
}
