import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

export type AccountLinkKind = 'password_reset' | 'unlock';

/** A one-time link sent by email to an account (password reset, sign-in unlock): only the token's SHA-256 is kept. */
@Entity({ name: 'account_links' })
export class AccountLink {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'varchar', length: 20 })
  kind: AccountLinkKind;

  @Index('idx_account_links_user')
  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Index('uq_account_links_token_hash', { unique: true })
  @Column({ name: 'token_hash', type: 'varchar', length: 64 })
  tokenHash: string;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
