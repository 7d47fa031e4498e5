import { ApiProperty } from '@nestjs/swagger';
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { bigintToNumber } from '@platform/data';
import { CURRENCIES, Currency } from '../money/currency';
import { Recipient, RECIPIENT_SCHEMA } from './dto/recipient.dto';

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
  @ApiProperty({ format: 'uuid' })
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @ApiProperty({ format: 'uuid' })
  @Column({ name: 'company_id', type: 'uuid' })
  companyId: string;

  @ApiProperty({ format: 'uuid' })
  @Column({ name: 'wallet_id', type: 'uuid' })
  walletId: string;

  @ApiProperty({ type: 'integer', minimum: 1, example: 25_000, description: 'Integer, minor units.' })
  @Column({ type: 'bigint', transformer: bigintToNumber })
  amount: number;

  @ApiProperty({ enum: CURRENCIES })
  @Column({ type: 'varchar', length: 3 })
  currency: Currency;

  @ApiProperty(RECIPIENT_SCHEMA)
  @Column({ type: 'jsonb' })
  recipient: Recipient;

  @ApiProperty({ example: 'March salary' })
  @Column({ type: 'varchar', length: 255 })
  description: string;

  @ApiProperty({ type: String, nullable: true, example: 'PAYSLIP-2026-03-0042' })
  @Column({ type: 'varchar', length: 100, nullable: true })
  reference: string | null;

  @ApiProperty({ enum: PAYMENT_STATUSES })
  @Column({ type: 'varchar', length: 10 })
  status: PaymentStatus;

  @ApiProperty({ example: 'sandbox', description: '`internal` for wallet-to-wallet transfers.' })
  @Column({ type: 'varchar', length: 30 })
  provider: string;

  @ApiProperty({ type: String, nullable: true, description: 'The provider’s id of the transfer, once settled.' })
  @Column({ name: 'provider_reference', type: 'varchar', length: 100, nullable: true })
  providerReference: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'Why the provider declined it (failed payments).' })
  @Column({ name: 'failure_reason', type: 'varchar', length: 255, nullable: true })
  failureReason: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When it succeeded or failed.' })
  @Column({ name: 'settled_at', type: 'timestamptz', nullable: true })
  settledAt: Date | null;

  @ApiProperty({ type: String, format: 'date-time' })
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @ApiProperty({ type: String, format: 'date-time' })
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
