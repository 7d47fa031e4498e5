import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { FileStorage, StoredObjectInfo } from './file-storage';

export interface S3Settings {
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

/**
 * Any S3-compatible store. Checksums are computed by us (SHA-256 kept with the row), so the
 * SDK's newer default checksum trailers, which not every S3-compatible store understands, are off.
 */
export class S3FileStorage extends FileStorage {
  readonly name = 's3' as const;
  private readonly client: S3Client;

  constructor(private readonly settings: S3Settings) {
    super();
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      ...(settings.accessKeyId && settings.secretAccessKey
        ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
        : {}),
    });
  }

  async put(key: string, stagedPath: string, info: StoredObjectInfo): Promise<void> {
    try {
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.settings.bucket,
          Key: key,
          Body: createReadStream(stagedPath),
          ContentLength: info.size,
          ContentType: info.contentType,
          Metadata: { sha256: info.sha256 },
        }),
      );
    } finally {
      await rm(stagedPath, { force: true });
    }
  }

  async read(key: string, range?: { start: number; end: number }): Promise<Readable> {
    const object = await this.client.send(
      new GetObjectCommand({ Bucket: this.settings.bucket, Key: key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
    );
    return object.Body as Readable;
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: key }));
  }

  close(): void {
    this.client.destroy();
  }
}
