import { Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Patch, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOperation, ApiParam, ApiQuery } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  ApiEnvelope,
  ApiErrors,
  ApiTag,
  Authenticated,
  CurrentPrincipal,
  PlatformException,
  Principal,
  Public,
  RawResponse,
  SecretQuery,
  Tenant,
  TenantContext,
} from '@platform/pipeline';
import { ApiFileBytes } from './api-file-bytes';
import { FileLinkQueryDto, ListFilesQueryDto, UpdateFileDto, UploadFileDto } from './dto/file.dto';
import { FileView } from './dto/file-views.dto';
import { FilesService } from './files.service';

const fileId = new ParseUUIDPipe({ exceptionFactory: () => new PlatformException('FILE_NOT_FOUND') });
const linkFileId = new ParseUUIDPipe({ exceptionFactory: () => new PlatformException('FILE_LINK_INVALID') });
const CONTENT =
  'The bytes, not enveloped, with Content-Type (sniffed), Content-Length, Content-Disposition: attachment, ETag (the SHA-256), Repr-Digest, Accept-Ranges. ' +
  'One range (`bytes=a-b`, `bytes=a-`, `bytes=-n`) answers 206 with Content-Range; an unsatisfiable one 416 RANGE_NOT_SATISFIABLE; several ranges at once answer 200 with the whole file. ' +
  'If-None-Match with the ETag answers 304; If-Range is honoured.';
const FileIdParam = () => ApiParam({ name: 'id', format: 'uuid', description: 'The file' });

@ApiTag('Files', 'Files stored for the company: uploads with their type sniffed from the bytes, range downloads, and expiring signed links for public files.')
@Controller('files')
export class FilesController {
  constructor(private readonly files: FilesService) {}

  @Post()
  @HttpCode(201)
  @Authenticated('app:write')
  @ApiOperation({
    summary: 'Upload a file',
    description:
      'Over FILES_MAX_BYTES: FILE_TOO_LARGE, nothing is kept. Executables, unknown binaries and other types outside the allow list: FILE_TYPE_NOT_ALLOWED with `details.detectedContentType`.',
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: UploadFileDto })
  @ApiEnvelope(
    201,
    FileView,
    'Stored. The type is sniffed from the bytes (allowed: images, PDF, Office and OpenDocument, RTF, ZIP, XML, UTF-8 text); the SHA-256 is kept.',
  )
  @ApiErrors('FILE_TOO_LARGE', 'FILE_TYPE_NOT_ALLOWED')
  upload(@Tenant() tenant: TenantContext, @CurrentPrincipal() principal: Principal, @Req() request: FastifyRequest) {
    return this.files.upload(tenant.companyId, principal, request);
  }

  @Get()
  @Authenticated('app:read')
  @ApiOperation({ summary: 'List files' })
  @ApiEnvelope(200, FileView, 'The company’s files, newest first.', { page: true })
  list(@Tenant() tenant: TenantContext, @Query() query: ListFilesQueryDto) {
    return this.files.list(tenant.companyId, query);
  }

  @Get(':id')
  @Authenticated('app:read')
  @ApiOperation({ summary: 'Get a file’s metadata' })
  @FileIdParam()
  @ApiEnvelope(200, FileView, 'Metadata; a public file comes with a fresh signed link (`ttl` seconds).')
  @ApiErrors('FILE_NOT_FOUND')
  get(@Tenant() tenant: TenantContext, @Param('id', fileId) id: string, @Query() query: FileLinkQueryDto) {
    return this.files.get(tenant.companyId, id, query);
  }

  @Patch(':id')
  @Authenticated('app:write')
  @ApiOperation({ summary: 'Change a file’s visibility' })
  @FileIdParam()
  @ApiEnvelope(200, FileView, 'Visibility changed. A change kills every signed link given before (making the file public again does not revive them).')
  @ApiErrors('FILE_NOT_FOUND')
  update(@Tenant() tenant: TenantContext, @CurrentPrincipal() principal: Principal, @Param('id', fileId) id: string, @Body() body: UpdateFileDto) {
    return this.files.setVisibility(tenant.companyId, id, body.visibility, principal);
  }

  @Post(':id/revoke-links')
  @HttpCode(200)
  @Authenticated('app:write')
  @ApiOperation({ summary: 'Revoke a file’s signed links' })
  @FileIdParam()
  @ApiEnvelope(
    200,
    FileView,
    'Every signed link given so far stops working; a public file comes back with a new one. Downloads through the new links count in the caller’s usage.',
  )
  @ApiErrors('FILE_NOT_FOUND')
  revokeLinks(@Tenant() tenant: TenantContext, @CurrentPrincipal() principal: Principal, @Param('id', fileId) id: string) {
    return this.files.revokeLinks(tenant.companyId, id, principal);
  }

  @Get(':id/content')
  @Authenticated('app:read')
  @RawResponse()
  @ApiOperation({ summary: 'Download a file' })
  @FileIdParam()
  @ApiFileBytes(CONTENT)
  @ApiErrors('FILE_NOT_FOUND', 'RANGE_NOT_SATISFIABLE')
  content(@Tenant() tenant: TenantContext, @Param('id', fileId) id: string, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.files.content(tenant.companyId, id, request, reply);
  }

  @Get(':id/download')
  @Public()
  @RawResponse()
  @SecretQuery()
  @ApiOperation({
    summary: 'Download a public file through its signed link',
    description:
      'Without credentials; counted in the usage of whoever published the link (`fileLinkDownloads`). ' +
      'FILE_LINK_INVALID when the link expired, was tampered with or revoked (visibility changed, or revoke-links), or the file is not (or no longer) public. ' +
      'RATE_LIMIT_EXCEEDED (with Retry-After) past FILES_LINK_DOWNLOADS_PER_MINUTE downloads of this file from one client address in a minute.',
  })
  @FileIdParam()
  @ApiQuery({ name: 'v', required: true, schema: { type: 'string', pattern: '^\\d{1,9}$' }, description: 'The link version, from the file’s publicUrl' })
  @ApiQuery({ name: 'expires', required: true, schema: { type: 'string', pattern: '^\\d{1,12}$' }, description: 'Epoch seconds, from the file’s publicUrl' })
  @ApiQuery({ name: 'signature', required: true, schema: { type: 'string' }, description: 'From the file’s publicUrl' })
  @ApiFileBytes(CONTENT)
  @ApiErrors('FILE_LINK_INVALID', 'RANGE_NOT_SATISFIABLE', 'RATE_LIMIT_EXCEEDED')
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
  @ApiOperation({ summary: 'Delete a file' })
  @FileIdParam()
  @ApiEnvelope(200, null, 'Deleted: the file leaves the API at once and its bytes are removed from the store.', { empty: true })
  @ApiErrors('FILE_NOT_FOUND')
  async remove(@Tenant() tenant: TenantContext, @Param('id', fileId) id: string): Promise<void> {
    await this.files.remove(tenant.companyId, id);
  }
}
