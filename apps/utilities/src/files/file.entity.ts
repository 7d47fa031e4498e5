import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { bigintToNumber } from '@platform/data';

export const FILE_VISIBILITIES = ['internal', 'public'] as const;
export type FileVisibility = (typeof FILE_VISIBILITIES)[number];

/**
 * A stored file of one company. The row is written only once the bytes are in the store, so a
 * file that can be listed can be read. Deleting marks the row and removes the bytes.
 */
@Entity({ name: 'files' })
@Index('idx_files_company_id', ['companyId', 'id'])
@Index('idx_files_company_updated', ['companyId', 'updatedAt'])
@Index('idx_files_company_created', ['companyId', 'createdAt'])
// the list's filters within the company: in the list's order (page mode) and in the cursor's key's
@Index('idx_files_company_visibility_created', ['companyId', 'visibility', 'createdAt', 'id'])
@Index('idx_files_company_visibility', ['companyId', 'visibility', 'id'])
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

  /**
   * Signed into every link of the file: raised when the file turns public or internal and by
   * revoke-links, so that every link given before stops working.
   */
  @Column({ name: 'link_version', type: 'integer', default: 1 })
  linkVersion: number;

  /**
   * Whose usage counts the downloads through the file's links: the credential that last made
   * it public or renewed its links, with the anchor of that credential's quota periods (epoch
   * seconds). Null until then.
   */
  @Column({ name: 'link_owner_credential_id', type: 'uuid', nullable: true })
  linkOwnerCredentialId: string | null;

  @Column({ name: 'link_owner_period_anchor', type: 'integer', nullable: true })
  linkOwnerPeriodAnchor: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deletedAt: Date | null;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
