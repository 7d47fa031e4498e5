import { ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import { IsIn, IsObject, IsOptional } from 'class-validator';
import { KeptAsParsed, MaxInputValues, PageQueryDto } from '@platform/pipeline';
import { DOCUMENT_FORMATS, DOCUMENT_TYPES, DocumentFormat, DocumentType } from '../document.entity';
import { JOB_STATUSES, JobStatus } from '../document-job.entity';
import { FinancialReportDataDto, InvoiceDataDto, MAX_DOCUMENT_INPUT_VALUES, PayslipDataDto } from './document-data.dto';

@MaxInputValues(MAX_DOCUMENT_INPUT_VALUES)
export class CreateDocumentDto {
  @ApiProperty({ enum: DOCUMENT_TYPES })
  @IsIn(DOCUMENT_TYPES)
  type: DocumentType;

  @ApiProperty({ enum: DOCUMENT_FORMATS })
  @IsIn(DOCUMENT_FORMATS)
  format: DocumentFormat;

  @ApiProperty({
    anyOf: [{ $ref: getSchemaPath(PayslipDataDto) }, { $ref: getSchemaPath(InvoiceDataDto) }, { $ref: getSchemaPath(FinancialReportDataDto) }],
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
