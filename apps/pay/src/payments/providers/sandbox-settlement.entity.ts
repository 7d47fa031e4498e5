import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * What the sandbox provider decided for a payment, kept durably: asked again (a retry, a
 * recovery after a crash), it answers the same outcome and never settles twice.
 */
@Entity({ name: 'sandbox_settlements' })
export class SandboxSettlement {
  @PrimaryColumn({ name: 'payment_id', type: 'uuid' })
  paymentId: string;

  @Column({ type: 'varchar', length: 10 })
  outcome: 'succeeded' | 'failed';

  @Column({ name: 'provider_reference', type: 'varchar', length: 100 })
  providerReference: string;

  @Column({ name: 'failure_reason', type: 'varchar', length: 255, nullable: true })
  failureReason: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
