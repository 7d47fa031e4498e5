import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { findPage, Page, PlatformException, Transactions } from '@platform/common';
import { DocumentJob } from './document-job.entity';
import { CreateDocumentDto, DocumentJobView, ListDocumentJobsQueryDto } from './dto/document.dto';
import { DocumentJobRenderer } from './document-job-renderer.service';
import { documentJobView } from './document-job.view';
import { DocumentsService } from './documents.service';

@Injectable()
export class DocumentJobsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly documents: DocumentsService,
    private readonly transactions: Transactions,
    private readonly renderer: DocumentJobRenderer,
  ) {}

  /** Validated now (a bad request is a 400, not a failed job), rendered by the job queue. */
  async create(companyId: string, body: CreateDocumentDto, acceptLanguage: string | string[] | undefined): Promise<DocumentJobView> {
    const request = await this.documents.prepare(body, acceptLanguage, { job: true });
    const job = await this.transactions.run(async (manager) => {
      const saved = await manager.save(
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
      await this.renderer.enqueue(manager, saved);
      return saved;
    });
    return this.view(job);
  }

  async list(companyId: string, query: ListDocumentJobsQueryDto): Promise<Page<DocumentJobView>> {
    const where = { companyId, ...(query.status ? { status: query.status } : {}) };
    return findPage(this.dataSource.getRepository(DocumentJob), where, { createdAt: 'DESC', id: 'DESC' }, query, (jobs) => jobs.map((job) => this.view(job)));
  }

  async get(companyId: string, id: string): Promise<DocumentJobView> {
    const job = await this.dataSource.getRepository(DocumentJob).findOneBy({ id, companyId });
    if (!job) throw new PlatformException('DOCUMENT_JOB_NOT_FOUND');
    return this.view(job);
  }

  view(job: DocumentJob): DocumentJobView {
    return documentJobView(job);
  }
}
