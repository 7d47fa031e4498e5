import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsObject, IsOptional } from 'class-validator';
import { KeptAsParsed, MaxInputValues, PageQueryDto } from '@platform/common';
import { DOCUMENT_FORMATS, DOCUMENT_TYPES, DocumentFormat, DocumentType, STORED_FORMATS, StoredFormat } from '../document.entity';
import { JOB_STATUSES, JobStatus } from '../document-job.entity';
import { MAX_DOCUMENT_INPUT_VALUES } from './document-data.dto';

@MaxInputValues(MAX_DOCUMENT_INPUT_VALUES)
export class CreateDocumentDto {
  @ApiProperty({ enum: DOCUMENT_TYPES })
  @IsIn(DOCUMENT_TYPES)
  type: DocumentType;

  @ApiProperty({ enum: DOCUMENT_FORMATS })
  @IsIn(DOCUMENT_FORMATS)
  format: DocumentFormat;

  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description:
      'payslip: `{ payrollRunId, employeeId }` (a job without employeeId: every payslip of the run in one ZIP). ' +
      'invoice: `{ number, customer, currency, lines: [{ description, quantity, unitPrice }], issueDate?, dueDate?, taxes?: [{ name, rate }], notes? }`. ' +
      'financial-report: `{ from?, to?, title? }` (Books’ trial balance) or `{ title, rows: [{ account, debit, credit }], currency? }`. ' +
      'Every type: `locale?` (fr-CM | en-CM), `companyName?`. Amounts are integers in the currency’s minor unit.',
  })
  @IsObject()
  @KeptAsParsed()
  data: Record<string, unknown>;
}

export class ListDocumentsQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: DOCUMENT_TYPES })
  @IsOptional()
  @IsIn(DOCUMENT_TYPES)
  type?: DocumentType;
}

export class ListDocumentJobsQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: JOB_STATUSES })
  @IsOptional()
  @IsIn(JOB_STATUSES)
  status?: JobStatus;
}

export class DocumentView {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ enum: DOCUMENT_TYPES }) type: DocumentType;
  @ApiProperty({ enum: STORED_FORMATS, description: 'zip for a run’s payslips in one archive' }) format: StoredFormat;
  @ApiProperty() title: string;
  @ApiProperty({ example: 'fr-CM' }) locale: string;
  @ApiProperty() filename: string;
  @ApiProperty() contentType: string;
  @ApiProperty() size: number;
  @ApiProperty({ nullable: true, type: Number, description: 'PDF pages' }) pageCount: number | null;
  @ApiProperty({ format: 'uuid', description: 'The stored file (also under /files)' }) fileId: string;
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'What it was rendered from (run and employee, invoice number, period, entries of an archive)' }) source: Record<string, unknown>;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) jobId: string | null;
  @ApiProperty() createdAt: Date;
}

export class DocumentJobView {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ enum: JOB_STATUSES }) status: JobStatus;
  @ApiProperty({ minimum: 0, maximum: 100 }) progress: number;
  @ApiProperty({ enum: DOCUMENT_TYPES }) type: DocumentType;
  @ApiProperty({ enum: DOCUMENT_FORMATS }) format: DocumentFormat;
  @ApiProperty() attempts: number;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) documentId: string | null;
  @ApiProperty({ nullable: true, description: '`{ code, message }` when failed (or the last error of an attempt to be retried)' }) error: { code: string; message: string } | null;
  @ApiProperty() createdAt: Date;
  @ApiProperty({ nullable: true, type: Date }) startedAt: Date | null;
  @ApiProperty({ nullable: true, type: Date }) finishedAt: Date | null;
}
