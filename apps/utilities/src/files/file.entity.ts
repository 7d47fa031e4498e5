import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';
import { bigintToNumber } from '@platform/common';

export const FILE_VISIBILITIES = ['internal', 'public'] as const;
export type FileVisibility = (typeof FILE_VISIBILITIES)[number];

/**
 * A stored file of one company. The row is written only once the bytes are in the store, so a
 * file that can be listed can be read. Deleting marks the row and removes the bytes.
 */
@Entity({ name: 'files' })
@Index('idx_files_company_created', ['companyId', 'createdAt'])
export class FileRecord {
  /** Chosen before the upload: it names the object in the store. */
  @PrimaryColumn('uuid')
  id: string;

  @Column({ name: 'company_id', type: 'uuid' })
  companyId: string;

  @Column({ type: 'varchar', length: 255 })
  filename: string;

  /** Sniffed from the bytes. */
  @Column({ name: 'content_type', type: 'varchar', length: 127 })
  contentType: string;

  /** What the uploader said, kept for reference only. */
  @Column({ name: 'declared_content_type', type: 'varchar', length: 255, nullable: true })
  declaredContentType: string | null;

  @Column({ type: 'bigint', transformer: bigintToNumber })
  size: number;

  /** Hex SHA-256 of the bytes. */
  @Column({ type: 'varchar', length: 64 })
  sha256: string;

  @Column({ name: 'storage_key', type: 'varchar', length: 200 })
  storageKey: string;

  @Column({ type: 'varchar', length: 10 })
  visibility: FileVisibility;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deletedAt: Date | null;
}
