import { Inject, Injectable, Logger, StreamableFile } from '@nestjs/common';
import { normalizeIp } from '@nestjs/throttler';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { EntityManager } from 'typeorm';
import { describeService } from '@platform/contracts';
import {
  Environment,
  FILE_LINK_DOWNLOADS,
  Page,
  PlatformException,
  Principal,
  PRIVATE_DIRECTORY_MODE,
  PRIVATE_FILE_MODE,
  quotaPeriodBounds,
  RateLimitStore,
  readOrCreateSecretFile,
  randomToken,
} from '@platform/pipeline';
import { EventOutbox, Transactions } from '@platform/data';
import { ContentInspector, decideContentType, servedContentType } from './content-type';
import { FileLinkQueryDto, ListFilesQueryDto } from './dto/file.dto';
import { FILE_VISIBILITIES, FileRecord, FileVisibility } from './file.entity';
import { FilesRepository } from './files.repository';
import { parseRange } from './range';
import { FileLinkQuery, fileLinkQuery, publicLinkBase, verifyFileLink } from './signed-link';
import { FileStorage } from './storage/file-storage';

const PREFIX = describeService('utilities').prefix;
const MAX_FILENAME = 255;
const LINK_DOWNLOAD_WINDOW_MS = 60_000;

/** The caller that publishes a file's links: the downloads through them count in its usage. */
export type LinkOwner = Pick<Principal, 'credentialId' | 'periodAnchor'>;

const ownedBy = (owner: LinkOwner) => ({ linkOwnerCredentialId: owner.credentialId, linkOwnerPeriodAnchor: owner.periodAnchor });

export interface FileView {
  id: string;
  filename: string;
  contentType: string;
  declaredContentType: string | null;
  size: number;
  sha256: string;
  visibility: FileVisibility;
  createdAt: Date;
  updatedAt: Date;
  publicUrl: string | null;
  publicUrlExpiresAt: Date | null;
}

interface StagedBytes {
  path: string;
  size: number;
  sha256: string;
  head: Buffer;
  isText: boolean;
}

interface Staged extends StagedBytes {
  filename: string;
  declaredContentType: string | null;
}

/** Bytes another feature put in the store (e.g. a rendered document), not yet recorded as a file. */
export interface StoredFile {
  id: string;
  storageKey: string;
  filename: string;
  contentType: string;
  size: number;
  sha256: string;
}

/** Text as sent, without control characters (PostgreSQL refuses NUL in text), trimmed and cut to `max`. */
function withoutControlCharacters(text: string | undefined, max: number): string {
  return (text ?? '')
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, max);
}

/** `../../etc/passwd\u0000.pdf` → `passwd.pdf`; never empty. */
export function cleanFilename(name: string | undefined): string {
  const clean = withoutControlCharacters((name ?? '').split(/[\\/]/).pop(), MAX_FILENAME);
  return clean && clean !== '.' && clean !== '..' ? clean : 'file';
}

/** A part's declared type as sent, without control characters; null when none is left. */
export function cleanDeclaredType(type: string | undefined): string | null {
  return withoutControlCharacters(type, 255) || null;
}

const malformedMultipart = () => PlatformException.validation({ body: ['body is not valid multipart/form-data'] });

/** `attachment` with an ASCII fallback and the UTF-8 name (RFC 6266). */
export function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

/**
 * Company files. An upload streams to a staging file while its size is checked against
 * FILES_MAX_BYTES, its SHA-256 computed and its type sniffed; only a complete, allowed file
 * is moved into the store, and its row is written after that (the object is removed if the row
 * cannot be), so no partial or unlisted file is ever served.
 */
@Injectable()
export class FilesService {
  private readonly logger = new Logger('FilesService');
  private readonly signingKey: string;
  private readonly linkBase: string;
  private readonly stagingDir: string;

  constructor(
    @Inject(Environment) private readonly env: Environment,
    private readonly files: FilesRepository,
    private readonly transactions: Transactions,
    private readonly storage: FileStorage,
    private readonly limits: RateLimitStore,
    private readonly outbox: EventOutbox,
  ) {
    this.linkBase = `${publicLinkBase(env)}/${PREFIX}/files`;
    this.signingKey = env.FILES_SIGNING_KEY ?? readOrCreateSecretFile(env.DATA_DIR, 'files-signing-key', () => randomToken(32));
    this.stagingDir = join(env.DATA_DIR, 'files', 'staging');
  }

  async upload(companyId: string, owner: LinkOwner, request: FastifyRequest): Promise<FileView> {
    if (!request.isMultipart()) throw PlatformException.validation({ body: ['body must be multipart/form-data with one part named file'] });
    let staged: Staged | undefined;
    let stored = false;
    let visibility: FileVisibility = 'internal';
    try {
      const parts = request.parts({ limits: { fileSize: this.env.FILES_MAX_BYTES + 1, files: 1, fields: 5, fieldSize: 1024, parts: 6 } });
      for await (const part of parts) {
        if (part.type === 'file') {
          if (part.fieldname !== 'file') throw PlatformException.validation({ [part.fieldname]: ['the file part must be named file'] });
          staged = await this.stage(part);
        } else if (part.fieldname === 'visibility') {
          if (!FILE_VISIBILITIES.includes(part.value as FileVisibility))
            throw PlatformException.validation({ visibility: [`visibility must be one of: ${FILE_VISIBILITIES.join(', ')}`] });
          visibility = part.value as FileVisibility;
        } else throw PlatformException.validation({ [part.fieldname]: [`property ${part.fieldname} should not exist`] });
      }
      if (!staged) throw PlatformException.validation({ file: ['a part named file is required'] });

      const decision = await decideContentType(staged.head, staged.isText, staged.declaredContentType ?? undefined);
      if (!decision.allowed) throw new PlatformException('FILE_TYPE_NOT_ALLOWED', { details: { detectedContentType: decision.detected } });

      const id = randomUUID();
      const storageKey = `${companyId}/${id}`;
      await this.storage.put(storageKey, staged.path, { size: staged.size, contentType: decision.contentType, sha256: staged.sha256 });
      stored = true;
      const record = {
        id,
        filename: staged.filename,
        contentType: decision.contentType,
        declaredContentType: staged.declaredContentType,
        size: staged.size,
        sha256: staged.sha256,
        storageKey,
        visibility,
        ...(visibility === 'public' ? ownedBy(owner) : {}),
        deletedAt: null,
      };
      try {
        await this.files.insertFile(companyId, record);
      } catch (error) {
        await this.storage
          .remove(storageKey)
          .catch((removal: unknown) => this.logger.error({ err: removal }, `could not remove object ${storageKey} of a failed upload`));
        throw error;
      }
      const saved = await this.files.insertedFile(companyId, id);
      if (!saved) throw new Error(`file ${id}: its row was written but is not found`);
      return this.view(saved);
    } catch (error) {
      throw this.uploadError(error);
    } finally {
      if (staged && !stored) await rm(staged.path, { force: true });
    }
  }

  async list(companyId: string, query: ListFilesQueryDto): Promise<Page<FileView>> {
    const page = await this.files.listFilesPage(companyId, query);
    return { ...page, items: page.items.map((record) => this.view(record)) };
  }

  async get(companyId: string, id: string, link: FileLinkQueryDto = {}): Promise<FileView> {
    return this.view(await this.find(companyId, id), link.ttl);
  }

  /** A change of visibility kills every link given before: turning public again does not revive them. */
  async setVisibility(companyId: string, id: string, visibility: FileVisibility, owner: LinkOwner): Promise<FileView> {
    const record = await this.find(companyId, id);
    if (record.visibility === visibility) return this.view(record);
    return this.renewLinks(companyId, id, { visibility, ...(visibility === 'public' ? ownedBy(owner) : {}) });
  }

  /** Kills every link given so far; a public file comes back with a new one, its downloads counted in the caller's usage. */
  async revokeLinks(companyId: string, id: string, owner: LinkOwner): Promise<FileView> {
    const record = await this.find(companyId, id);
    return this.renewLinks(companyId, id, record.visibility === 'public' ? ownedBy(owner) : {});
  }

  private async renewLinks(companyId: string, id: string, changes: Partial<FileRecord>): Promise<FileView> {
    if (!(await this.files.renewLinks(companyId, id, changes))) throw new PlatformException('FILE_NOT_FOUND');
    return this.view(await this.find(companyId, id));
  }

  /**
   * Marks the row deleted (it disappears at once) and records `file.deleted` with the file as it
   * was (how an integrator syncing the list learns of it), then removes the object.
   */
  async remove(companyId: string, id: string): Promise<void> {
    const record = await this.find(companyId, id);
    await this.transactions.run(async (manager) => {
      if (!(await this.files.markDeleted(companyId, id, new Date(), manager))) throw new PlatformException('FILE_NOT_FOUND');
      await this.outbox.record(manager, companyId, 'file.deleted', this.view(record));
    });
    await this.storage
      .remove(record.storageKey)
      .catch((error: unknown) => this.logger.error({ err: error }, `file ${id} deleted but its object ${record.storageKey} could not be removed`));
  }

  /** The company's file, bytes streamed with Range support. */
  async content(companyId: string, id: string, request: FastifyRequest, reply: FastifyReply): Promise<StreamableFile | undefined> {
    return this.serve(await this.find(companyId, id), request, reply);
  }

  /**
   * A public file through a signed link of its current version, no credentials: 403
   * FILE_LINK_INVALID for anything else. The signature is checked before any I/O; then each
   * client address may download the file FILES_LINK_DOWNLOADS_PER_MINUTE times a minute, and
   * each download is counted in the usage of the link's owner.
   */
  async download(id: string, link: FileLinkQuery, request: FastifyRequest, reply: FastifyReply): Promise<StreamableFile | undefined> {
    const version = verifyFileLink(this.signingKey, id, link);
    if (version === undefined) throw new PlatformException('FILE_LINK_INVALID');
    const counted = await this.limits.countWithinLimits(
      [{ key: `file-link:${id}:${normalizeIp(request.ip)}`, limit: this.env.FILES_LINK_DOWNLOADS_PER_MINUTE }],
      LINK_DOWNLOAD_WINDOW_MS,
    );
    if (counted === 0) throw PlatformException.tooManyRequests(LINK_DOWNLOAD_WINDOW_MS / 1000);
    const record = await this.files.findLinkedFileAcrossCompanies(id);
    if (!record || record.visibility !== 'public' || record.linkVersion !== version) throw new PlatformException('FILE_LINK_INVALID');
    if (record.linkOwnerCredentialId !== null && record.linkOwnerPeriodAnchor !== null) {
      const period = quotaPeriodBounds(record.linkOwnerPeriodAnchor);
      await this.limits.countUsage(record.linkOwnerCredentialId, period.index, period.endMs, FILE_LINK_DOWNLOADS);
    }
    return this.serve(record, request, reply);
  }

  private async find(companyId: string, id: string): Promise<FileRecord> {
    const record = await this.files.findFile(companyId, id);
    if (!record) throw new PlatformException('FILE_NOT_FOUND');
    return record;
  }

  private async serve(record: FileRecord, request: FastifyRequest, reply: FastifyReply): Promise<StreamableFile | undefined> {
    const etag = `"${record.sha256}"`;
    void reply.headers({
      'content-type': servedContentType(record.contentType),
      'content-disposition': contentDisposition(record.filename),
      etag,
      'accept-ranges': 'bytes',
      'x-content-type-options': 'nosniff',
      'repr-digest': `sha-256=:${Buffer.from(record.sha256, 'hex').toString('base64')}:`,
      digest: `sha-256=${Buffer.from(record.sha256, 'hex').toString('base64')}`,
      'last-modified': record.createdAt.toUTCString(),
    });
    const ifNoneMatch = request.headers['if-none-match'];
    if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
      void reply.status(304);
      return undefined;
    }
    const ifRange = request.headers['if-range'];
    const rangeHeader = ifRange === undefined || ifRange === etag ? request.headers.range : undefined;
    const range = parseRange(rangeHeader, record.size);
    if (range.kind === 'unsatisfiable') throw new PlatformException('RANGE_NOT_SATISFIABLE', { headers: { 'content-range': `bytes */${record.size}` } });
    const partial = range.kind === 'partial' ? { start: range.start, end: range.end } : undefined;
    const stream = await this.storage.read(record.storageKey, partial).catch((error: unknown) => {
      this.logger.error({ err: error }, `file ${record.id}: object ${record.storageKey} unreadable`);
      throw new PlatformException('FILE_NOT_FOUND');
    });
    if (partial) void reply.status(206).header('content-range', `bytes ${partial.start}-${partial.end}/${record.size}`);
    void reply.header('content-length', String(partial ? partial.end - partial.start + 1 : record.size));
    return new StreamableFile(stream);
  }

  /**
   * Stores bytes produced here (the same staging and checksum as an upload, refused past
   * `maxBytes`) without listing them yet: `recordStored` then writes the row in the caller's
   * transaction, and `discardStored` removes the object when that transaction fails.
   */
  async store(companyId: string, filename: string, contentType: string, bytes: Buffer | Readable, maxBytes: number): Promise<StoredFile> {
    const staged = await this.stageStream(Buffer.isBuffer(bytes) ? Readable.from([bytes]) : bytes, maxBytes);
    const id = randomUUID();
    const storageKey = `${companyId}/${id}`;
    try {
      await this.storage.put(storageKey, staged.path, { size: staged.size, contentType, sha256: staged.sha256 });
      return { id, storageKey, filename: cleanFilename(filename), contentType, size: staged.size, sha256: staged.sha256 };
    } finally {
      await rm(staged.path, { force: true });
    }
  }

  async recordStored(companyId: string, file: StoredFile, manager: EntityManager): Promise<void> {
    await this.files.insertFileWith(
      companyId,
      {
        id: file.id,
        filename: file.filename,
        contentType: file.contentType,
        declaredContentType: file.contentType,
        size: file.size,
        sha256: file.sha256,
        storageKey: file.storageKey,
        visibility: 'internal',
        deletedAt: null,
      },
      manager,
    );
  }

  async discardStored(file: StoredFile): Promise<void> {
    await this.storage
      .remove(file.storageKey)
      .catch((error: unknown) => this.logger.error({ err: error }, `could not remove object ${file.storageKey} that was never recorded`));
  }

  private async stage(part: MultipartFile): Promise<Staged> {
    const staged = await this.stageStream(part.file);
    return { ...staged, filename: cleanFilename(part.filename), declaredContentType: cleanDeclaredType(part.mimetype) };
  }

  /** Streams bytes to a staging file, refusing past `max` (FILES_MAX_BYTES for uploads), hashing and inspecting them on the way. */
  private async stageStream(source: Readable, max = this.env.FILES_MAX_BYTES): Promise<StagedBytes> {
    await mkdir(this.stagingDir, { recursive: true, mode: PRIVATE_DIRECTORY_MODE });
    // The parser gave up on the part (the body ended inside it) and destroyed its stream before
    // it was read: pipeline() never settles on a readable destroyed before it is attached.
    if (source.destroyed) throw malformedMultipart();
    const path = join(this.stagingDir, `${randomUUID()}.part`);
    const hash = createHash('sha256');
    const inspector = new ContentInspector();
    let size = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        if (size > max) return done(new PlatformException('FILE_TOO_LARGE', { params: { limit: max } }));
        hash.update(chunk);
        inspector.update(chunk);
        done(null, chunk);
      },
    });
    try {
      await pipeline(source, meter, createWriteStream(path, { flags: 'wx', mode: PRIVATE_FILE_MODE }));
    } catch (error) {
      await rm(path, { force: true });
      throw error;
    }
    const { head, isText } = inspector.finish();
    return { path, size, sha256: hash.digest('hex'), head, isText };
  }

  /** Multipart limits and malformed bodies become the API's codes. */
  private uploadError(error: unknown): unknown {
    if (error instanceof PlatformException) return error;
    const code = (error as { code?: string })?.code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') return new PlatformException('FILE_TOO_LARGE', { params: { limit: this.env.FILES_MAX_BYTES } });
    if (code === 'FST_FILES_LIMIT') return PlatformException.validation({ file: ['send exactly one file per upload'] });
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      return PlatformException.validation({ body: ['too many parts: send one file and at most the visibility field'] });
    if (/multipart|boundary|terminated early/i.test((error as Error)?.message ?? '')) return malformedMultipart();
    return error;
  }

  private view(record: FileRecord, ttlSeconds = this.env.FILES_LINK_TTL_SECONDS): FileView {
    let publicUrl: string | null = null;
    let publicUrlExpiresAt: Date | null = null;
    if (record.visibility === 'public') {
      const expires = Math.floor(Date.now() / 1000) + ttlSeconds;
      publicUrl = `${this.linkBase}/${record.id}/download?${fileLinkQuery(this.signingKey, record.id, record.linkVersion, expires)}`;
      publicUrlExpiresAt = new Date(expires * 1000);
    }
    return {
      id: record.id,
      filename: record.filename,
      contentType: record.contentType,
      declaredContentType: record.declaredContentType,
      size: record.size,
      sha256: record.sha256,
      visibility: record.visibility,
      createdAt: record.createdAt,
      updatedAt: record.updatedAt,
      publicUrl,
      publicUrlExpiresAt,
    };
  }
}
