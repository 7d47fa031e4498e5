import { Injectable } from '@nestjs/common';
import { Page, PlatformException } from '@platform/pipeline';
import { Transactions } from '@platform/data';
import { DocumentJob } from './document-job.entity';
import { DocumentJobsRepository } from './document-jobs.repository';
import { CreateDocumentDto, ListDocumentJobsQueryDto } from './dto/document.dto';
import { DocumentJobView } from './dto/document-views.dto';
import { DocumentJobRenderer } from './document-job-renderer.service';
import { documentJobView } from './document-job.view';
import { DocumentsService } from './documents.service';

@Injectable()
export class DocumentJobsService {
  constructor(
    private readonly jobs: DocumentJobsRepository,
    private readonly documents: DocumentsService,
    private readonly transactions: Transactions,
    private readonly renderer: DocumentJobRenderer,
  ) {}

  /** Validated now (a bad request is a 400, not a failed job), rendered by the job queue. */
  async create(companyId: string, body: CreateDocumentDto, acceptLanguage: string | string[] | undefined): Promise<DocumentJobView> {
    const request = await this.documents.prepare(body, acceptLanguage, { job: true });
    const job = await this.transactions.run(async (manager) => {
      const saved = await this.jobs.insertJob(companyId, request, manager);
      await this.renderer.enqueue(saved, manager);
      return saved;
    });
    return this.view(job);
  }

  async list(companyId: string, query: ListDocumentJobsQueryDto): Promise<Page<DocumentJobView>> {
    const page = await this.jobs.listJobsPage(companyId, query);
    return { ...page, items: page.items.map((job) => this.view(job)) };
  }

  async get(companyId: string, id: string): Promise<DocumentJobView> {
    const job = await this.jobs.findJob(companyId, id);
    if (!job) throw new PlatformException('DOCUMENT_JOB_NOT_FOUND');
    return this.view(job);
  }

  view(job: DocumentJob): DocumentJobView {
    return documentJobView(job);
  }
}
