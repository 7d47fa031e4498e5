import { Inject, Injectable, StreamableFile } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import type { EntityManager } from 'typeorm';
import { Environment } from '@platform/pipeline';
import { FilesService, StoredFile } from '../files/files.module';

export type { StoredFile };

/**
 * Rendered documents are files of the files feature: the bytes go through its storage (local or
 * S3, whatever FILES_STORAGE says), the row is a `files` row (so they list under /files too), and
 * the content is served by its service (ETag, Range, Content-Disposition).
 */
@Injectable()
export class DocumentFiles {
  constructor(
    private readonly files: FilesService,
    @Inject(Environment) private readonly env: Environment,
  ) {}

  /**
   * Puts the bytes in the store (not yet listed anywhere), refused past DOCUMENT_MAX_BYTES
   * (FILE_TOO_LARGE); `record` then writes the row in the caller's transaction.
   */
  put(companyId: string, filename: string, contentType: string, bytes: Buffer | Readable): Promise<StoredFile> {
    return this.files.store(companyId, filename, contentType, bytes, this.env.DOCUMENT_MAX_BYTES);
  }

  record(companyId: string, file: StoredFile, manager: EntityManager): Promise<void> {
    return this.files.recordStored(companyId, file, manager);
  }

  discard(file: StoredFile): Promise<void> {
    return this.files.discardStored(file);
  }

  content(companyId: string, fileId: string, request: FastifyRequest, reply: FastifyReply): Promise<StreamableFile | undefined> {
    return this.files.content(companyId, fileId, request, reply);
  }
}
