import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** Requests by organization, credential, product and UTC day, for usage over any past period. */
@Entity({ name: 'daily_usage' })
// the organizations active lately (what the request log's pruning looks at), without reading every day ever counted
@Index('idx_daily_usage_day', ['day'])
export class DailyUsage {
  @PrimaryColumn({ name: 'organization_id', type: 'uuid' })
  organizationId: string;

  @PrimaryColumn({ type: 'date' })
  day: string;

  @PrimaryColumn({ name: 'credential_id', type: 'uuid' })
  credentialId: string;

  @PrimaryColumn({ type: 'varchar', length: 20 })
  product: string;

  @Column({ type: 'integer' })
  requests: number;
}
