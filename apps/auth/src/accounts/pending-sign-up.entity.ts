import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A sign-up waiting for its emailed link. The account (with this password, this name and a new
 * organization of this name) is made only when this sign-up's own link is used, within a day:
 * whoever signs up first with someone else's address gets no account and holds nothing. Each
 * sign-up of an address has its own row and link; the first link used makes the account and
 * ends the others.
 */
@Entity({ name: 'pending_sign_ups' })
@Index('idx_pending_sign_ups_email', ['email', 'createdAt'])
export class PendingSignUp {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'varchar', length: 254 })
  email: string;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ name: 'organization_name', type: 'varchar', length: 200 })
  organizationName: string;

  @Column({ name: 'password_hash', type: 'varchar', length: 200 })
  passwordHash: string;

  /** The SHA-256 of the link last emailed (a new email, a new link); null until the email is sent. */
  @Index('uq_pending_sign_ups_token_hash', { unique: true })
  @Column({ name: 'token_hash', type: 'varchar', length: 64, nullable: true })
  tokenHash: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Index('idx_pending_sign_ups_expires_at')
  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;
}
