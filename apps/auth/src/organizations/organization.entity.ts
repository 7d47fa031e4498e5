import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { PlanId } from '@platform/pipeline';

/** A customer of the platform. Enterprise limits are negotiated per organization. */
@Entity({ name: 'organizations' })
export class Organization {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'varchar', length: 40 })
  plan: PlanId;

  @Column({ name: 'burst_per_second', type: 'integer', nullable: true })
  burstPerSecond: number | null;

  @Column({ name: 'monthly_quota', type: 'integer', nullable: true })
  monthlyQuota: number | null;

  @Column({ name: 'webhook_retries', type: 'integer', nullable: true })
  webhookRetries: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
