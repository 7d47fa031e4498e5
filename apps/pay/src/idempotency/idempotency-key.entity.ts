import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

export const IDEMPOTENCY_STATES = ['in_progress', 'completed'] as const;
export type IdempotencyState = (typeof IDEMPOTENCY_STATES)[number];

/**
 * One Idempotency-Key of a company: the request it was first used for (hash), and once done,
 * the response to replay. Written in the same transaction as the money it guards; the unique
 * index makes a concurrent duplicate wait for the first and then replay it.
 */
@Entity({ name: 'idempotency_keys' })
@Index('uq_idempotency_keys_company_key', ['companyId', 'key'], { unique: true })
@Index('idx_idempotency_keys_payment', ['paymentId'])
@Index('idx_idempotency_keys_expires', ['expiresAt'])
export class IdempotencyKey {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'company_id', type: 'uuid' })
  companyId: string;

  @Column({ type: 'varchar', length: 255 })
  key: string;

  /** SHA-256 of the route and the canonical body. */
  @Column({ name: 'request_hash', type: 'varchar', length: 64 })
  requestHash: string;

  @Column({ type: 'varchar', length: 12 })
  state: IdempotencyState;

  /** The payment the request created, so recovery can complete the record of a request that died. */
  @Column({ name: 'payment_id', type: 'uuid', nullable: true })
  paymentId: string | null;

  @Column({ name: 'response_status', type: 'integer', nullable: true })
  responseStatus: number | null;

  @Column({ name: 'response_body', type: 'jsonb', nullable: true })
  responseBody: unknown;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;
}
