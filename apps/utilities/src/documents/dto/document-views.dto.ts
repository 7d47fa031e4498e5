import { ApiProperty, getSchemaPath } from '@nestjs/swagger';
import { DOCUMENT_FORMATS, DOCUMENT_TYPES, DocumentFormat, DocumentType, STORED_FORMATS, StoredFormat } from '../document.entity';
import { JOB_STATUSES, JobStatus } from '../document-job.entity';
import { DOCUMENT_LOCALES } from '../render/locale';

export class DocumentView {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ enum: DOCUMENT_TYPES }) type: DocumentType;
  @ApiProperty({ enum: STORED_FORMATS, description: 'zip for a run’s payslips in one archive' }) format: StoredFormat;
  @ApiProperty({ example: 'Payslip March 2026' }) title: string;
  @ApiProperty({ enum: DOCUMENT_LOCALES, example: 'fr-CM' }) locale: string;
  @ApiProperty({ example: 'payslip-2026-03-EMP-001.pdf' }) filename: string;
  @ApiProperty({ example: 'application/pdf' }) contentType: string;
  @ApiProperty({ type: 'integer', minimum: 0, description: 'Bytes' }) size: number;
  @ApiProperty({ type: 'integer', minimum: 1, nullable: true, description: 'PDF pages; null for other formats' }) pageCount: number | null;
  @ApiProperty({ format: 'uuid', description: 'The stored file (also under /files)' }) fileId: string;
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: 'What it was rendered from (run and employee, invoice number, period, entries of an archive)',
  })
  source: Record<string, unknown>;
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'The document job that rendered it; null when rendered by POST /documents' })
  jobId: string | null;
  @ApiProperty({ type: String, format: 'date-time' }) createdAt: Date;
  @ApiProperty({ type: String, format: 'date-time', description: 'When it last changed: what `updatedSince` compares.' }) updatedAt: Date;
}

export class DocumentJobErrorView {
  @ApiProperty({ example: 'PAYROLL_RUN_NOT_FOUND', description: 'A registered error code' }) code: string;
  @ApiProperty() message: string;
}

export class DocumentJobView {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ enum: JOB_STATUSES }) status: JobStatus;
  @ApiProperty({ type: 'integer', minimum: 0, maximum: 100 }) progress: number;
  @ApiProperty({ enum: DOCUMENT_TYPES }) type: DocumentType;
  @ApiProperty({ enum: DOCUMENT_FORMATS }) format: DocumentFormat;
  @ApiProperty({ type: 'integer', minimum: 0 }) attempts: number;
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'The document, once succeeded' }) documentId: string | null;
  // null as a oneOf branch, not `nullable` beside an allOf: validators of 3.0 examples read the latter as never null
  @ApiProperty({
    oneOf: [{ $ref: getSchemaPath(DocumentJobErrorView) }, { type: 'object', nullable: true, enum: [null] }],
    description: 'When failed (or the last error of an attempt to be retried); null otherwise',
  })
  error: DocumentJobErrorView | null;
  @ApiProperty({ type: String, format: 'date-time' }) createdAt: Date;
  @ApiProperty({ type: String, format: 'date-time', description: 'When it last changed: what `updatedSince` compares.' }) updatedAt: Date;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) startedAt: Date | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) finishedAt: Date | null;
}
