import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { Page } from '@platform/pipeline';
import { findPage, QuerySample, SAMPLE } from '@platform/data';
import { DocumentRecord } from './document.entity';
import { ListDocumentsQueryDto } from './dto/document.dto';

/** What a document's row is written with (the company aside; the times are the database's). */
export type DocumentFields = Omit<DocumentRecord, 'companyId' | 'createdAt' | 'updatedAt'>;

const SAMPLE_DOCUMENT: DocumentFields = {
  id: SAMPLE.id,
  type: 'invoice',
  format: 'pdf',
  title: 'Invoice INV-1',
  locale: 'fr-CM',
  fileId: SAMPLE.otherId,
  filename: 'invoice-inv-1.pdf',
  contentType: 'application/pdf',
  size: 1024,
  pageCount: 1,
  source: { number: 'INV-1' },
  jobId: null,
};

/** Rendered documents (`documents`); their bytes are files of the files context. */
@Injectable()
export class DocumentsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @QuerySample([SAMPLE.companyId, SAMPLE_DOCUMENT, SAMPLE.tx])
  insertDocument(companyId: string, fields: DocumentFields, manager: EntityManager): Promise<DocumentRecord> {
    return manager.save(DocumentRecord, manager.create(DocumentRecord, { ...fields, companyId }));
  }

  /** Newest first; `type` filters. */
  @QuerySample([SAMPLE.companyId, { page: 2, limit: 20 }])
  @QuerySample([SAMPLE.companyId, { type: 'payslip' as const, page: 2, limit: 20 }], 'by type')
  @QuerySample([SAMPLE.companyId, { cursor: SAMPLE.cursor, limit: 20 }], 'after a cursor')
  @QuerySample([SAMPLE.companyId, { type: 'payslip' as const, cursor: SAMPLE.cursor, limit: 20 }], 'by type, after a cursor')
  listDocumentsPage(companyId: string, query: ListDocumentsQueryDto): Promise<Page<DocumentRecord>> {
    const where = { companyId, ...(query.type ? { type: query.type } : {}) };
    return findPage(this.dataSource.getRepository(DocumentRecord), where, { createdAt: 'DESC', id: 'DESC' }, query, (records) => records);
  }

  /** Another company's document is not found, like a missing one. */
  @QuerySample([SAMPLE.companyId, SAMPLE.id])
  findDocument(companyId: string, id: string): Promise<DocumentRecord | null> {
    return this.dataSource.getRepository(DocumentRecord).findOneBy({ id, companyId });
  }
}
