import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { bigintToNumber } from '@platform/data';
import { Currency } from '../money/currency';
import type { Recipient } from './dto/recipient.dto';

export const PAYMENT_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * A payment out of a wallet: pending (its amount held on the wallet) → succeeded (debited) or
 * failed (hold released). Only one conditional UPDATE on `status = 'pending'` ever settles it.
 */
@Entity({ name: 'payments' })
@Index('idx_payments_company_id', ['companyId', 'id'])
@Index('idx_payments_company_updated', ['companyId', 'updatedAt'])
@Index('idx_payments_company_created', ['companyId', 'createdAt', 'id'])
@Index('idx_payments_status_created', ['status', 'createdAt'])
// the list's filters within the company: in the list's order (page mode) and in the cursor's key's
@Index('idx_payments_company_status_created', ['companyId', 'status', 'createdAt', 'id'])
@Index('idx_payments_company_status', ['companyId', 'status', 'id'])
@Index('idx_payments_company_wallet_created', ['companyId', 'walletId', 'createdAt', 'id'])
@Index('idx_payments_company_wallet', ['companyId', 'walletId', 'id'])
export class Payment {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'company_id', type: 'uuid' })
  companyId: string;

  @Column({ name: 'wallet_id', type: 'uuid' })
  walletId: string;

  @Column({ type: 'bigint', transformer: bigintToNumber })
  amount: number;

  @Column({ type: 'varchar', length: 3 })
  currency: Currency;

  @Column({ type: 'jsonb' })
  recipient: Recipient;

  @Column({ type: 'varchar', length: 255 })
  description: string;

  @Column({ type: 'varchar', length: 100, nullable: true })
  reference: string | null;

  @Column({ type: 'varchar', length: 10 })
  status: PaymentStatus;

  @Column({ type: 'varchar', length: 30 })
  provider: string;

  @Column({ name: 'provider_reference', type: 'varchar', length: 100, nullable: true })
  providerReference: string | null;

  @Column({ name: 'failure_reason', type: 'varchar', length: 255, nullable: true })
  failureReason: string | null;

  @Column({ name: 'settled_at', type: 'timestamptz', nullable: true })
  settledAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
