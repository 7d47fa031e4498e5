import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { bigintToNumber } from '@platform/data';

export const DOCUMENT_TYPES = ['payslip', 'invoice', 'financial-report'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
export const DOCUMENT_FORMATS = ['pdf', 'xlsx'] as const;
export type DocumentFormat = (typeof DOCUMENT_FORMATS)[number];
/** What is stored: a PDF, a workbook, or a ZIP of a run's payslips. */
export const STORED_FORMATS = ['pdf', 'xlsx', 'zip'] as const;
export type StoredFormat = (typeof STORED_FORMATS)[number];

/** A rendered document of one company; its bytes are a file of the files feature. */
@Entity({ name: 'documents' })
@Index('idx_documents_company_id', ['companyId', 'id'])
@Index('idx_documents_company_updated', ['companyId', 'updatedAt'])
@Index('idx_documents_company_created', ['companyId', 'createdAt', 'id'])
// the list's filters within the company: in the list's order (page mode) and in the cursor's key's
@Index('idx_documents_company_type_created', ['companyId', 'type', 'createdAt', 'id'])
@Index('idx_documents_company_type', ['companyId', 'type', 'id'])
export class DocumentRecord {
  @PrimaryColumn('uuid')
  id: string;

  @Column({ name: 'company_id', type: 'uuid' })
  companyId: string;

  @Column({ type: 'varchar', length: 20 })
  type: DocumentType;

  @Column({ type: 'varchar', length: 4 })
  format: StoredFormat;

  @Column({ type: 'varchar', length: 300 })
  title: string;

  @Column({ type: 'varchar', length: 10 })
  locale: string;

  @Column({ name: 'file_id', type: 'uuid' })
  fileId: string;

  @Column({ type: 'varchar', length: 255 })
  filename: string;

  @Column({ name: 'content_type', type: 'varchar', length: 127 })
  contentType: string;

  @Column({ type: 'bigint', transformer: bigintToNumber })
  size: number;

  @Column({ name: 'page_count', type: 'integer', nullable: true })
  pageCount: number | null;

  @Column({ type: 'jsonb' })
  source: Record<string, unknown>;

  @Column({ name: 'job_id', type: 'uuid', nullable: true })
  jobId: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
