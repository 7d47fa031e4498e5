import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';
import type { OrganizationRole } from '@platform/pipeline';

/** A user's role in an organization. */
@Entity({ name: 'memberships' })
export class Membership {
  @PrimaryColumn({ name: 'organization_id', type: 'uuid' })
  organizationId: string;

  @Index('idx_memberships_user')
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ type: 'varchar', length: 20 })
  role: OrganizationRole;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
