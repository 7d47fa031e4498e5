import { Inject, Module, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { join } from 'node:path';
import { ConfigurationError, Environment } from '@platform/pipeline';
import { FilesController } from './files.controller';
import { FilesRepository } from './files.repository';
import { FilesService } from './files.service';
import { multipartStreams } from './multipart';
import { FileStorage } from './storage/file-storage';
import { LocalFileStorage } from './storage/local-file.storage';

/** What the other contexts use of files: the service (documents store their bytes through it) and the description of a file's bytes in the API. */
export { FilesService } from './files.service';
export type { StoredFile } from './files.service';
export { ApiFileBytes } from './api-file-bytes';

function createStorage(env: Environment): FileStorage {
  if (env.FILES_STORAGE === 'local') return new LocalFileStorage(join(env.DATA_DIR, 'files', 'objects'));
  if (!env.S3_BUCKET) throw new ConfigurationError(['S3_BUCKET: required when FILES_STORAGE is s3']);
  // the AWS SDK weighs about 20 MB of memory: loaded only by the services that store on S3
  const { S3FileStorage } = require('./storage/s3-file.storage') as typeof import('./storage/s3-file.storage');
  return new S3FileStorage({
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    bucket: env.S3_BUCKET,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
  });
}

@Module({
  controllers: [FilesController],
  providers: [FilesRepository, FilesService, { provide: FileStorage, inject: [Environment], useFactory: createStorage }],
  exports: [FilesService],
})
export class FilesModule implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    @Inject(Environment) private readonly env: Environment,
  ) {}

  /**
   * The multipart parser belongs to this app, so the shared bootstrap, the one-machine suite and
   * the tests need no change. Limits are set per upload (FilesService); these are the outer bounds.
   * Uploads are read as streams: the plugin's temporary-file mode is left out (see multipart.ts).
   */
  onModuleInit(): void {
    void this.adapterHost.httpAdapter.getInstance().register(multipartStreams, {
      throwFileSizeLimit: false,
      limits: { fileSize: this.env.FILES_MAX_BYTES + 1, files: 1, fields: 5, fieldSize: 1024, parts: 6, headerPairs: 100 },
    });
  }
}
