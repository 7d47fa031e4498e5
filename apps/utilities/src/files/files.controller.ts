import { Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Patch, Post, Query, Req, Res } from '@nestjs/common';
import {
  ApiBody,
  ApiConsumes,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiPayloadTooLargeResponse,
  ApiProduces,
  ApiQuery,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiEnvelope, Authenticated, CurrentPrincipal, PlatformException, Principal, Public, RawResponse, SecretQuery, Tenant, TenantContext } from '@platform/common';
import { FileLinkQueryDto, FileView, ListFilesQueryDto, UpdateFileDto, UploadFileDto } from './dto/file.dto';
import { FilesService } from './files.service';

const fileId = new ParseUUIDPipe({ exceptionFactory: () => new PlatformException('FILE_NOT_FOUND') });
const linkFileId = new ParseUUIDPipe({ exceptionFactory: () => new PlatformException('FILE_LINK_INVALID') });
const CONTENT =
  'The bytes, not enveloped, with Content-Type (sniffed), Content-Length, Content-Disposition: attachment, ETag (the SHA-256), Repr-Digest, Accept-Ranges. ' +
  'One range (`bytes=a-b`, `bytes=a-`, `bytes=-n`) answers 206 with Content-Range; an unsatisfiable one 416 RANGE_NOT_SATISFIABLE; several ranges at once answer 200 with the whole file. ' +
  'If-None-Match with the ETag answers 304; If-Range is honoured.';

@ApiTags('Files')
@Controller('files')
export class FilesController {
  constructor(private readonly files: FilesService) {}

  @Post()
  @HttpCode(201)
  @Authenticated('app:write')
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: UploadFileDto })
  @ApiEnvelope(201, FileView, 'Stored. The type is sniffed from the bytes (allowed: images, PDF, Office and OpenDocument, RTF, ZIP, XML, UTF-8 text); the SHA-256 is kept.')
  @ApiPayloadTooLargeResponse({ description: 'FILE_TOO_LARGE: over FILES_MAX_BYTES (nothing is kept)' })
  @ApiUnsupportedMediaTypeResponse({ description: 'FILE_TYPE_NOT_ALLOWED: executables, unknown binaries and other types outside the allow list (`details.detectedContentType`)' })
  upload(@Tenant() tenant: TenantContext, @CurrentPrincipal() principal: Principal, @Req() request: FastifyRequest) {
    return this.files.upload(tenant.companyId, principal, request);
  }

  @Get()
  @Authenticated('app:read')
  @ApiEnvelope(200, FileView, 'The company’s files, newest first.', { page: true })
  list(@Tenant() tenant: TenantContext, @Query() query: ListFilesQueryDto) {
    return this.files.list(tenant.companyId, query);
  }

  @Get(':id')
  @Authenticated('app:read')
  @ApiEnvelope(200, FileView, 'Metadata; a public file comes with a fresh signed link (`ttl` seconds).')
  @ApiNotFoundResponse({ description: 'FILE_NOT_FOUND (also for another company’s file)' })
  get(@Tenant() tenant: TenantContext, @Param('id', fileId) id: string, @Query() query: FileLinkQueryDto) {
    return this.files.get(tenant.companyId, id, query);
  }

  @Patch(':id')
  @Authenticated('app:write')
  @ApiEnvelope(200, FileView, 'Visibility changed. A change kills every signed link given before (making the file public again does not revive them).')
  @ApiNotFoundResponse({ description: 'FILE_NOT_FOUND' })
  update(@Tenant() tenant: TenantContext, @CurrentPrincipal() principal: Principal, @Param('id', fileId) id: string, @Body() body: UpdateFileDto) {
    return this.files.setVisibility(tenant.companyId, id, body.visibility, principal);
  }

  @Post(':id/revoke-links')
  @HttpCode(200)
  @Authenticated('app:write')
  @ApiEnvelope(200, FileView, 'Every signed link given so far stops working; a public file comes back with a new one. Downloads through the new links count in the caller’s usage.')
  @ApiNotFoundResponse({ description: 'FILE_NOT_FOUND' })
  revokeLinks(@Tenant() tenant: TenantContext, @CurrentPrincipal() principal: Principal, @Param('id', fileId) id: string) {
    return this.files.revokeLinks(tenant.companyId, id, principal);
  }

  @Get(':id/content')
  @Authenticated('app:read')
  @RawResponse()
  @ApiProduces('*/*')
  @ApiOkResponse({ description: CONTENT })
  @ApiNotFoundResponse({ description: 'FILE_NOT_FOUND (also for another company’s file)' })
  content(@Tenant() tenant: TenantContext, @Param('id', fileId) id: string, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.files.content(tenant.companyId, id, request, reply);
  }

  @Get(':id/download')
  @Public()
  @RawResponse()
  @SecretQuery()
  @ApiProduces('*/*')
  @ApiQuery({ name: 'v', description: 'The link version, from the file’s publicUrl' })
  @ApiQuery({ name: 'expires', description: 'Epoch seconds, from the file’s publicUrl' })
  @ApiQuery({ name: 'signature', description: 'From the file’s publicUrl' })
  @ApiOkResponse({ description: `A public file through its signed link, without credentials; counted in the usage of whoever published the link (\`fileLinkDownloads\`). ${CONTENT}` })
  @ApiForbiddenResponse({ description: 'FILE_LINK_INVALID: expired, tampered with, revoked (visibility changed, or revoke-links), or the file is not (or no longer) public' })
  @ApiTooManyRequestsResponse({ description: 'RATE_LIMIT_EXCEEDED: more than FILES_LINK_DOWNLOADS_PER_MINUTE downloads of this file from this client address in a minute (Retry-After)' })
  download(
    @Param('id', linkFileId) id: string,
    @Query('v') v: string | undefined,
    @Query('expires') expires: string | undefined,
    @Query('signature') signature: string | undefined,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.files.download(id, { v, expires, signature }, request, reply);
  }

  @Delete(':id')
  @Authenticated('app:write')
  @ApiOkResponse({ description: 'Deleted: the file leaves the API at once and its bytes are removed from the store.' })
  @ApiNotFoundResponse({ description: 'FILE_NOT_FOUND' })
  async remove(@Tenant() tenant: TenantContext, @Param('id', fileId) id: string): Promise<void> {
    await this.files.remove(tenant.companyId, id);
  }
}
