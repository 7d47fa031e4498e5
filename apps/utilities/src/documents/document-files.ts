import { Inject, Injectable, Logger, OnModuleInit, StreamableFile } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { EntityManager } from 'typeorm';
import { Environment, PlatformException } from '@platform/common';
import { FileRecord } from '../files/file.entity';
import { FilesService } from '../files/files.service';
import { FileStorage } from '../files/storage/file-storage';

export interface StoredFile {
  id: string;
  storageKey: string;
  filename: string;
  contentType: string;
  size: number;
  sha256: string;
}

/**
 * Rendered documents are files of the files feature: the bytes go through its storage (local or
 * S3, whatever FILES_STORAGE says), the row is a `files` row (so they list under /files too), and
 * the content is served by its service (ETag, Range, Content-Disposition). The files module
 * exports nothing, so its storage and service are looked up in the application.
 */
@Injectable()
export class DocumentFiles implements OnModuleInit {
  private readonly logger = new Logger('DocumentFiles');
  private storage!: FileStorage;
  private files!: FilesService;
  private readonly stagingDir: string;

  constructor(
    private readonly moduleRef: ModuleRef,
    @Inject(Environment) private readonly env: Environment,
  ) {
    this.stagingDir = join(env.DATA_DIR, 'files', 'staging');
  }

  onModuleInit(): void {
    this.storage = this.moduleRef.get(FileStorage, { strict: false });
    this.files = this.moduleRef.get(FilesService, { strict: false });
  }

  /**
   * Puts the bytes in the store (not yet listed anywhere); `record` then writes the file row in
   * the caller's transaction. The caller removes the object with `discard` if that fails.
   */
  async put(companyId: string, filename: string, contentType: string, bytes: Buffer | Readable): Promise<StoredFile> {
    await mkdir(this.stagingDir, { recursive: true });
    const staged = join(this.stagingDir, `${randomUUID()}.part`);
    const hash = createHash('sha256');
    const max = this.env.FILES_MAX_BYTES;
    let size = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        if (size > max) return done(new PlatformException('FILE_TOO_LARGE', { params: { limit: max } }));
        hash.update(chunk);
        done(null, chunk);
      },
    });
    const id = randomUUID();
    const storageKey = `${companyId}/${id}`;
    try {
      await pipeline(Buffer.isBuffer(bytes) ? Readable.from([bytes]) : bytes, meter, createWriteStream(staged, { flags: 'wx' }));
      const sha256 = hash.digest('hex');
      await this.storage.put(storageKey, staged, { size, contentType, sha256 });
      return { id, storageKey, filename, contentType, size, sha256 };
    } finally {
      await rm(staged, { force: true });
    }
  }

  async record(manager: EntityManager, companyId: string, file: StoredFile): Promise<void> {
    await manager.insert(FileRecord, {
      id: file.id,
      companyId,
      filename: file.filename,
      contentType: file.contentType,
      declaredContentType: file.contentType,
      size: file.size,
      sha256: file.sha256,
      storageKey: file.storageKey,
      visibility: 'internal',
      deletedAt: null,
    });
  }

  async discard(file: StoredFile): Promise<void> {
    await this.storage.remove(file.storageKey).catch((error: unknown) => this.logger.error({ err: error }, `could not remove object ${file.storageKey} of an unsaved document`));
  }

  content(companyId: string, fileId: string, request: FastifyRequest, reply: FastifyReply): Promise<StreamableFile | undefined> {
    return this.files.content(companyId, fileId, request, reply);
  }
}
