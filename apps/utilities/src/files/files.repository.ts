import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, IsNull } from 'typeorm';
import { Page } from '@platform/pipeline';
import { findPage, QuerySample, SAMPLE } from '@platform/data';
import { ListFilesQueryDto } from './dto/file.dto';
import { FileRecord } from './file.entity';

/** What a file's row is written with (the company aside; the keys and times are the database's). */
export type FileFields = Omit<FileRecord, 'companyId' | 'linkVersion' | 'createdAt' | 'updatedAt' | 'linkOwnerCredentialId' | 'linkOwnerPeriodAnchor'> &
  Partial<Pick<FileRecord, 'linkOwnerCredentialId' | 'linkOwnerPeriodAnchor'>>;

const SAMPLE_FILE: FileFields = {
  id: SAMPLE.id,
  filename: 'report.pdf',
  contentType: 'application/pdf',
  declaredContentType: 'application/pdf',
  size: 1024,
  sha256: '0'.repeat(64),
  storageKey: `${SAMPLE.companyId}/${SAMPLE.id}`,
  visibility: 'internal',
  deletedAt: null,
};

/** Company files (`files`): a deleted one is marked, and is found by no read but the link check's. */
@Injectable()
export class FilesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @QuerySample([SAMPLE.companyId, SAMPLE_FILE])
  async insertFile(companyId: string, fields: FileFields): Promise<void> {
    const repository = this.dataSource.getRepository(FileRecord);
    await repository.insert(repository.create({ ...fields, companyId }));
  }

  /** Writes a file's row in the caller's transaction (bytes another feature stored: a rendered document). */
  @QuerySample([SAMPLE.companyId, SAMPLE_FILE, SAMPLE.tx])
  async insertFileWith(companyId: string, fields: FileFields, manager: EntityManager): Promise<void> {
    await manager.insert(FileRecord, { ...fields, companyId });
  }

  /** The row just written, as the database completed it (times, link version). */
  @QuerySample([SAMPLE.companyId, SAMPLE.id])
  insertedFile(companyId: string, id: string): Promise<FileRecord | null> {
    return this.dataSource.getRepository(FileRecord).findOneBy({ id, companyId });
  }

  /** Newest first; `visibility` filters. */
  @QuerySample([SAMPLE.companyId, { page: 2, limit: 20 }])
  @QuerySample([SAMPLE.companyId, { visibility: 'public' as const, page: 2, limit: 20 }], 'by visibility')
  @QuerySample([SAMPLE.companyId, { cursor: SAMPLE.cursor, limit: 20 }], 'after a cursor')
  @QuerySample([SAMPLE.companyId, { visibility: 'public' as const, cursor: SAMPLE.cursor, limit: 20 }], 'by visibility, after a cursor')
  listFilesPage(companyId: string, query: ListFilesQueryDto): Promise<Page<FileRecord>> {
    const where = { companyId, deletedAt: IsNull(), ...(query.visibility ? { visibility: query.visibility } : {}) };
    return findPage(this.dataSource.getRepository(FileRecord), where, { createdAt: 'DESC', id: 'DESC' }, query, (records) => records);
  }

  /** Another company's file, or a deleted one, is not found, like a missing one. */
  @QuerySample([SAMPLE.companyId, SAMPLE.id])
  findFile(companyId: string, id: string): Promise<FileRecord | null> {
    return this.dataSource.getRepository(FileRecord).findOneBy({ id, companyId, deletedAt: IsNull() });
  }

  /**
   * A file by its id alone, for a download through a signed link (no credentials, so no company):
   * the link's signature names the file.
   */
  @QuerySample([SAMPLE.id])
  findLinkedFileAcrossCompanies(id: string): Promise<FileRecord | null> {
    return this.dataSource.getRepository(FileRecord).findOneBy({ id, deletedAt: IsNull() });
  }

  /** Applies `changes` and moves the file's links to a new version (every link given before dies); answers whether the file was there. */
  @QuerySample([SAMPLE.companyId, SAMPLE.id, { visibility: 'public' as const, linkOwnerCredentialId: SAMPLE.otherId, linkOwnerPeriodAnchor: 1 }])
  async renewLinks(companyId: string, id: string, changes: Partial<FileRecord>): Promise<boolean> {
    const result = await this.dataSource
      .getRepository(FileRecord)
      .update({ id, companyId, deletedAt: IsNull() }, { ...changes, linkVersion: () => 'link_version + 1' });
    return Boolean(result.affected);
  }

  /** Marks the file deleted, once; answers whether this call did. */
  @QuerySample([SAMPLE.companyId, SAMPLE.id, new Date(0), SAMPLE.tx])
  async markDeleted(companyId: string, id: string, at: Date, manager: EntityManager): Promise<boolean> {
    const result = await manager.update(FileRecord, { id, companyId, deletedAt: IsNull() }, { deletedAt: at });
    return Boolean(result.affected);
  }
}
