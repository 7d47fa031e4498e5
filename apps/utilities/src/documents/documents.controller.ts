import { Body, Controller, Get, Headers, HttpCode, Param, ParseUUIDPipe, Post, Query, Req, Res } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiPayloadTooLargeResponse, ApiProduces, ApiServiceUnavailableResponse, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiEnvelope, Authenticated, PlatformException, RawResponse, SuccessMessage, Tenant, TenantContext } from '@platform/common';
import { DocumentJobsService } from './document-jobs.service';
import { DocumentsService } from './documents.service';
import { CreateDocumentDto, DocumentJobView, DocumentView, ListDocumentJobsQueryDto, ListDocumentsQueryDto } from './dto/document.dto';

const documentId = new ParseUUIDPipe({ exceptionFactory: () => new PlatformException('DOCUMENT_NOT_FOUND') });
const jobId = new ParseUUIDPipe({ exceptionFactory: () => new PlatformException('DOCUMENT_JOB_NOT_FOUND') });

@ApiTags('Documents')
@Controller('documents')
export class DocumentsController {
  constructor(private readonly documents: DocumentsService) {}

  @Post()
  @HttpCode(201)
  @Authenticated('app:write')
  @SuccessMessage('created')
  @ApiEnvelope(201, DocumentView, 'Rendered now and stored as a file (PDF with pdfkit, XLSX with exceljs). Amounts formatted for the locale; XAF without decimals.')
  @ApiNotFoundResponse({ description: 'PAYROLL_RUN_NOT_FOUND, or USER_NOT_FOUND when the employee has no payslip in the run' })
  @ApiPayloadTooLargeResponse({ description: 'DOCUMENT_TOO_LARGE_FOR_SYNC: more than 500 table rows; send it to POST /document-jobs' })
  @ApiUnprocessableEntityResponse({ description: 'DOCUMENT_RENDER_TIMEOUT: the render ran past its time budget and was stopped' })
  @ApiServiceUnavailableResponse({ description: 'UPSTREAM_UNAVAILABLE: payroll or Books did not answer; nothing was stored' })
  create(@Tenant() tenant: TenantContext, @Body() body: CreateDocumentDto, @Headers('accept-language') acceptLanguage?: string) {
    return this.documents.create(tenant.companyId, body, acceptLanguage);
  }

  @Get()
  @Authenticated('app:read')
  @ApiEnvelope(200, DocumentView, 'The company’s documents, newest first.', { page: true })
  list(@Tenant() tenant: TenantContext, @Query() query: ListDocumentsQueryDto) {
    return this.documents.list(tenant.companyId, query);
  }

  @Get(':id')
  @Authenticated('app:read')
  @ApiEnvelope(200, DocumentView, 'The document.')
  @ApiNotFoundResponse({ description: 'DOCUMENT_NOT_FOUND (also for another company’s document)' })
  get(@Tenant() tenant: TenantContext, @Param('id', documentId) id: string) {
    return this.documents.get(tenant.companyId, id);
  }

  @Get(':id/content')
  @Authenticated('app:read')
  @RawResponse()
  @ApiProduces('application/pdf', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/zip')
  @ApiOkResponse({ description: 'The stored bytes with their Content-Type, Content-Disposition: attachment (the filename), ETag and Range support, as the file’s content.' })
  @ApiNotFoundResponse({ description: 'DOCUMENT_NOT_FOUND; FILE_NOT_FOUND when its file was deleted' })
  content(@Tenant() tenant: TenantContext, @Param('id', documentId) id: string, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.documents.content(tenant.companyId, id, request, reply);
  }
}

@ApiTags('Documents')
@Controller('document-jobs')
export class DocumentJobsController {
  constructor(private readonly jobs: DocumentJobsService) {}

  @Post()
  @HttpCode(202)
  @Authenticated('app:write')
  @SuccessMessage('accepted')
  @ApiEnvelope(202, DocumentJobView, 'Queued; follow it with GET /document-jobs/:id. A payslip job without employeeId renders every payslip of the run into one ZIP.')
  @ApiPayloadTooLargeResponse({ description: 'DOCUMENT_TOO_LARGE: more than 10,000 table rows' })
  create(@Tenant() tenant: TenantContext, @Body() body: CreateDocumentDto, @Headers('accept-language') acceptLanguage?: string) {
    return this.jobs.create(tenant.companyId, body, acceptLanguage);
  }

  @Get()
  @Authenticated('app:read')
  @ApiEnvelope(200, DocumentJobView, 'The company’s document jobs, newest first.', { page: true })
  list(@Tenant() tenant: TenantContext, @Query() query: ListDocumentJobsQueryDto) {
    return this.jobs.list(tenant.companyId, query);
  }

  @Get(':id')
  @Authenticated('app:read')
  @ApiEnvelope(200, DocumentJobView, '`queued | running | succeeded | failed`, progress 0–100, the document id when done, `error: { code, message }` when failed.')
  @ApiNotFoundResponse({ description: 'DOCUMENT_JOB_NOT_FOUND (also for another company’s job)' })
  get(@Tenant() tenant: TenantContext, @Param('id', jobId) id: string) {
    return this.jobs.get(tenant.companyId, id);
  }
}
