import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In } from 'typeorm';
import { Page } from '@platform/pipeline';
import { findPage, QuerySample, SAMPLE } from '@platform/data';
import { DocumentJob, JobRequest } from './document-job.entity';
import { ListDocumentJobsQueryDto } from './dto/document.dto';

/** A job as one run of it claimed it: it is changed only while it is still that run's (`status` running, `attempts` as claimed). */
export type JobClaim = Pick<DocumentJob, 'id' | 'status' | 'attempts'>;

const SAMPLE_REQUEST: JobRequest = { type: 'invoice', format: 'pdf', data: {}, locale: 'fr-CM' };
const SAMPLE_CLAIM: JobClaim = { id: SAMPLE.id, status: 'running', attempts: 1 };

/** Document jobs (`document_jobs`): the background renders, their progress and outcome. */
@Injectable()
export class DocumentJobsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** A new job, queued (its queue job is added in the same transaction). */
  @QuerySample([SAMPLE.companyId, SAMPLE_REQUEST, SAMPLE.tx])
  insertJob(companyId: string, request: JobRequest, manager: EntityManager): Promise<DocumentJob> {
    return manager.save(
      manager.create(DocumentJob, {
        companyId,
        status: 'queued',
        progress: 0,
        attempts: 0,
        request,
        documentId: null,
        error: null,
        startedAt: null,
        finishedAt: null,
      }),
    );
  }

  /** Newest first; `status` filters. */
  @QuerySample([SAMPLE.companyId, { page: 2, limit: 20 }])
  @QuerySample([SAMPLE.companyId, { status: 'queued' as const, page: 2, limit: 20 }], 'by status')
  @QuerySample([SAMPLE.companyId, { cursor: SAMPLE.cursor, limit: 20 }], 'after a cursor')
  @QuerySample([SAMPLE.companyId, { status: 'queued' as const, cursor: SAMPLE.cursor, limit: 20 }], 'by status, after a cursor')
  listJobsPage(companyId: string, query: ListDocumentJobsQueryDto): Promise<Page<DocumentJob>> {
    const where = { companyId, ...(query.status ? { status: query.status } : {}) };
    return findPage(this.dataSource.getRepository(DocumentJob), where, { createdAt: 'DESC', id: 'DESC' }, query, (jobs) => jobs);
  }

  /** Another company's job is not found, like a missing one. */
  @QuerySample([SAMPLE.companyId, SAMPLE.id])
  findJob(companyId: string, id: string): Promise<DocumentJob | null> {
    return this.dataSource.getRepository(DocumentJob).findOneBy({ id, companyId });
  }

  /** The job as a transaction that changed it sees it (the event it records). */
  @QuerySample([SAMPLE.companyId, SAMPLE.id, SAMPLE.tx])
  readJob(companyId: string, id: string, manager: EntityManager): Promise<DocumentJob | null> {
    return manager.findOneBy(DocumentJob, { id, companyId });
  }

  /** Every company's jobs not finished (at start: those written before jobs were queue jobs get one). */
  @QuerySample([])
  unfinishedAcrossCompanies(): Promise<Pick<DocumentJob, 'id' | 'companyId'>[]> {
    return this.dataSource.getRepository(DocumentJob).find({ select: { id: true, companyId: true }, where: { status: In(['queued', 'running']) } });
  }

  /**
   * Claims a job for a run of its queue job (which carries only its id): running, one more
   * attempt, started once. Answers whether it did: not when the job has finished already (a job run twice).
   */
  @QuerySample([SAMPLE.id])
  async claimAcrossCompanies(jobId: string): Promise<boolean> {
    const claimed = await this.dataSource
      .createQueryBuilder()
      .update(DocumentJob)
      .set({ status: 'running', attempts: () => 'attempts + 1', startedAt: () => 'COALESCE(started_at, now())' })
      .where(`id = :jobId AND status IN ('queued', 'running')`, { jobId })
      .execute();
    return Boolean(claimed.affected);
  }

  /** A job by the id its queue job carries (claimed just before). */
  @QuerySample([SAMPLE.id])
  findJobAcrossCompanies(id: string): Promise<DocumentJob | null> {
    return this.dataSource.getRepository(DocumentJob).findOneBy({ id });
  }

  /** Writes how far the claimed run got, while the job is still its own. */
  @QuerySample([SAMPLE.companyId, SAMPLE_CLAIM, 50])
  async setProgress(companyId: string, claim: JobClaim, progress: number): Promise<void> {
    await this.dataSource.getRepository(DocumentJob).update({ ...claim, companyId }, { progress });
  }

  /** Changes the claimed job, while it is still the run's own; answers whether it was. */
  @QuerySample([SAMPLE.companyId, SAMPLE_CLAIM, { status: 'queued' as const, error: { code: 'UPSTREAM_UNAVAILABLE', message: 'away' } }])
  @QuerySample(
    [SAMPLE.companyId, SAMPLE_CLAIM, { status: 'failed' as const, error: { code: 'INTERNAL_ERROR', message: 'failed' }, finishedAt: new Date(0) }, SAMPLE.tx],
    'in a transaction',
  )
  async settleClaim(
    companyId: string,
    claim: JobClaim,
    changes: Partial<Pick<DocumentJob, 'status' | 'progress' | 'documentId' | 'error' | 'finishedAt'>>,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<boolean> {
    const result = await manager.update(DocumentJob, { ...claim, companyId }, changes);
    return Boolean(result.affected);
  }
}
