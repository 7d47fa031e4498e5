import { Body, Controller, Get, Headers, HttpCode, Param, ParseUUIDPipe, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBody, ApiExtraModels, ApiOperation, ApiParam } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiEnvelope, ApiErrors, ApiTag, Authenticated, PlatformException, RawResponse, SuccessMessage, Tenant, TenantContext } from '@platform/pipeline';
import { EMPLOYEE_NOT_FOUND } from '@platform/contracts';
import { ApiFileBytes } from '../files/files.module';
import { DocumentJobsService } from './document-jobs.service';
import { DocumentsService } from './documents.service';
import { CustomerDto, FinancialReportDataDto, InvoiceDataDto, PayslipDataDto } from './dto/document-data.dto';
import { CreateDocumentDto, ListDocumentJobsQueryDto, ListDocumentsQueryDto } from './dto/document.dto';
import { DocumentJobErrorView, DocumentJobView, DocumentView } from './dto/document-views.dto';

const documentId = new ParseUUIDPipe({ exceptionFactory: () => new PlatformException('DOCUMENT_NOT_FOUND') });
const jobId = new ParseUUIDPipe({ exceptionFactory: () => new PlatformException('DOCUMENT_JOB_NOT_FOUND') });
const DocumentsTag = () => ApiTag('Documents', 'Payslips, invoices and financial reports rendered as PDF or XLSX, now or as background jobs, stored as files.');
const DOCUMENT_FORMATS_PRODUCED = ['application/pdf', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/zip'];
const PAYSLIP = { payrollRunId: '6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b', employeeId: '3f2b8c1e-4d5a-4f6b-9c7d-8e9f0a1b2c3d' };

/** One example request per document type (and both shapes of a financial report). */
const DOCUMENT_REQUEST_EXAMPLES = {
  payslip: { summary: 'One employee’s payslip of a run', value: { type: 'payslip', format: 'pdf', data: { ...PAYSLIP, locale: 'fr-CM' } } },
  invoice: {
    summary: 'An invoice',
    value: {
      type: 'invoice',
      format: 'pdf',
      data: {
        number: 'INV-2026-0042',
        customer: { name: 'Brasseries du Cameroun', email: 'billing@example.cm' },
        currency: 'XAF',
        issueDate: '2026-03-31',
        dueDate: '2026-04-30',
        lines: [{ description: 'Payroll service, March 2026', quantity: 1, unitPrice: 150000 }],
        taxes: [{ name: 'TVA', rate: 19.25 }],
      },
    },
  },
  trialBalance: {
    summary: 'Books’ trial balance for a period',
    value: { type: 'financial-report', format: 'xlsx', data: { from: '2026-01-01', to: '2026-03-31' } },
  },
  rows: {
    summary: 'A report of the rows sent',
    value: {
      type: 'financial-report',
      format: 'pdf',
      data: { title: 'Expenses Q1', currency: 'XAF', rows: [{ account: '601 Purchases', debit: 250000, credit: 0 }] },
    },
  },
};

@DocumentsTag()
@ApiExtraModels(PayslipDataDto, InvoiceDataDto, CustomerDto, FinancialReportDataDto, DocumentJobErrorView)
@Controller('documents')
export class DocumentsController {
  constructor(private readonly documents: DocumentsService) {}

  @Post()
  @HttpCode(201)
  @Authenticated('app:write')
  @SuccessMessage('created')
  @ApiOperation({
    summary: 'Render a document',
    description:
      'PAYROLL_RUN_NOT_FOUND for a run not of the company; USER_NOT_FOUND when the employee has no payslip in the run; ' +
      'DOCUMENT_TOO_LARGE_FOR_SYNC past 500 table rows (send it to POST /document-jobs); DOCUMENT_RENDER_TIMEOUT when the render ran past its time budget and was stopped; ' +
      'UPSTREAM_UNAVAILABLE when payroll or Books did not answer (nothing was stored).',
  })
  @ApiBody({ type: CreateDocumentDto, examples: DOCUMENT_REQUEST_EXAMPLES })
  @ApiEnvelope(
    201,
    DocumentView,
    'Rendered now and stored as a file (PDF with pdfkit, XLSX with exceljs). Amounts formatted for the locale; XAF without decimals.',
  )
  @ApiErrors('PAYROLL_RUN_NOT_FOUND', EMPLOYEE_NOT_FOUND, 'DOCUMENT_TOO_LARGE_FOR_SYNC', 'DOCUMENT_RENDER_TIMEOUT')
  create(@Tenant() tenant: TenantContext, @Body() body: CreateDocumentDto, @Headers('accept-language') acceptLanguage?: string) {
    return this.documents.create(tenant.companyId, body, acceptLanguage);
  }

  @Get()
  @Authenticated('app:read')
  @ApiOperation({ summary: 'List documents' })
  @ApiEnvelope(200, DocumentView, 'The company’s documents, newest first.', { page: true })
  list(@Tenant() tenant: TenantContext, @Query() query: ListDocumentsQueryDto) {
    return this.documents.list(tenant.companyId, query);
  }

  @Get(':id')
  @Authenticated('app:read')
  @ApiOperation({ summary: 'Get a document' })
  @ApiParam({ name: 'id', format: 'uuid', description: 'The document' })
  @ApiEnvelope(200, DocumentView, 'The document.')
  @ApiErrors('DOCUMENT_NOT_FOUND')
  get(@Tenant() tenant: TenantContext, @Param('id', documentId) id: string) {
    return this.documents.get(tenant.companyId, id);
  }

  @Get(':id/content')
  @Authenticated('app:read')
  @RawResponse()
  @ApiOperation({ summary: 'Download a document', description: 'FILE_NOT_FOUND when its file was deleted.' })
  @ApiParam({ name: 'id', format: 'uuid', description: 'The document' })
  @ApiFileBytes(
    'The stored bytes with their Content-Type, Content-Disposition: attachment (the filename), ETag and Range support, as the file’s content.',
    DOCUMENT_FORMATS_PRODUCED,
  )
  @ApiErrors('DOCUMENT_NOT_FOUND', 'FILE_NOT_FOUND', 'RANGE_NOT_SATISFIABLE')
  content(
    @Tenant() tenant: TenantContext,
    @Param('id', documentId) id: string,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.documents.content(tenant.companyId, id, request, reply);
  }
}

@DocumentsTag()
@Controller('document-jobs')
export class DocumentJobsController {
  constructor(private readonly jobs: DocumentJobsService) {}

  @Post()
  @HttpCode(202)
  @Authenticated('app:write')
  @SuccessMessage('accepted')
  @ApiOperation({ summary: 'Queue a document job' })
  @ApiBody({
    type: CreateDocumentDto,
    examples: {
      ...DOCUMENT_REQUEST_EXAMPLES,
      payslips: { summary: 'Every payslip of a run, in one ZIP', value: { type: 'payslip', format: 'pdf', data: { payrollRunId: PAYSLIP.payrollRunId } } },
    },
  })
  @ApiEnvelope(
    202,
    DocumentJobView,
    'Queued; follow it with GET /document-jobs/:id. A payslip job without employeeId renders every payslip of the run into one ZIP.',
  )
  @ApiErrors('DOCUMENT_TOO_LARGE')
  create(@Tenant() tenant: TenantContext, @Body() body: CreateDocumentDto, @Headers('accept-language') acceptLanguage?: string) {
    return this.jobs.create(tenant.companyId, body, acceptLanguage);
  }

  @Get()
  @Authenticated('app:read')
  @ApiOperation({ summary: 'List document jobs' })
  @ApiEnvelope(200, DocumentJobView, 'The company’s document jobs, newest first.', { page: true })
  list(@Tenant() tenant: TenantContext, @Query() query: ListDocumentJobsQueryDto) {
    return this.jobs.list(tenant.companyId, query);
  }

  @Get(':id')
  @Authenticated('app:read')
  @ApiOperation({ summary: 'Get a document job' })
  @ApiParam({ name: 'id', format: 'uuid', description: 'The document job' })
  @ApiEnvelope(
    200,
    DocumentJobView,
    '`queued | running | succeeded | failed`, progress 0–100, the document id when done, `error: { code, message }` when failed.',
  )
  @ApiErrors('DOCUMENT_JOB_NOT_FOUND')
  get(@Tenant() tenant: TenantContext, @Param('id', jobId) id: string) {
    return this.jobs.get(tenant.companyId, id);
  }
}
