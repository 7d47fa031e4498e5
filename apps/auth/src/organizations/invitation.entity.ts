import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { OrganizationRole } from '@platform/pipeline';

/**
 * An invitation to join an organization with a role, sent by email; accepted by a signed-in user
 * with that email. The invitations an organization sent, and those an address was sent, over the
 * last 24 hours are each one range of an index: their limits count them.
 */
@Entity({ name: 'invitations' })
@Index('idx_invitations_organization_created', ['organizationId', 'createdAt'])
@Index('idx_invitations_email_created', ['email', 'createdAt'])
export class Invitation {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'organization_id', type: 'uuid' })
  organizationId: string;

  @Column({ type: 'varchar', length: 254 })
  email: string;

  @Column({ type: 'varchar', length: 20 })
  role: OrganizationRole;

  @Index('uq_invitations_token_hash', { unique: true })
  @Column({ name: 'token_hash', type: 'varchar', length: 64 })
  tokenHash: string;

  @Column({ name: 'invited_by', type: 'uuid' })
  invitedBy: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @Column({ name: 'accepted_at', type: 'timestamptz', nullable: true })
  acceptedAt: Date | null;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt: Date | null;
}
