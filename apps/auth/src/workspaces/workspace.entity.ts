import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A partner's workspace: groups the client companies the organization acts for. */
@Entity({ name: 'workspaces' })
@Index('idx_workspaces_organization_id', ['organizationId', 'id'])
export class Workspace {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Index('idx_workspaces_organization')
  @Column({ name: 'organization_id', type: 'uuid' })
  organizationId: string;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
