import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { DocumentFormat, DocumentType } from './document.entity';
import type { DocumentLocale } from './render/locale';

export const JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** What the job renders, fixed when it is accepted (locale resolved from the request then). */
export interface JobRequest {
  type: DocumentType;
  format: DocumentFormat;
  data: Record<string, unknown>;
  locale: DocumentLocale;
}

export interface JobError {
  code: string;
  message: string;
}

/**
 * A document rendered in the background: what the API shows of it. The work is a job of the
 * suite's queue (utilities:render-document), which retries it and runs it again when the
 * instance running it stopped.
 */
@Entity({ name: 'document_jobs' })
@Index('idx_document_jobs_company_id', ['companyId', 'id'])
@Index('idx_document_jobs_company_updated', ['companyId', 'updatedAt'])
@Index('idx_document_jobs_company_created', ['companyId', 'createdAt', 'id'])
// the list's filters within the company: in the list's order (page mode) and in the cursor's key's
@Index('idx_document_jobs_company_status_created', ['companyId', 'status', 'createdAt', 'id'])
@Index('idx_document_jobs_company_status', ['companyId', 'status', 'id'])
export class DocumentJob {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'company_id', type: 'uuid' })
  companyId: string;

  @Column({ type: 'varchar', length: 10 })
  status: JobStatus;

  @Column({ type: 'integer', default: 0 })
  progress: number;

  @Column({ type: 'integer', default: 0 })
  attempts: number;

  @Column({ type: 'jsonb' })
  request: JobRequest;

  @Column({ name: 'document_id', type: 'uuid', nullable: true })
  documentId: string | null;

  @Column({ type: 'jsonb', nullable: true })
  error: JobError | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'started_at', type: 'timestamptz', nullable: true })
  startedAt: Date | null;

  @Column({ name: 'finished_at', type: 'timestamptz', nullable: true })
  finishedAt: Date | null;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
