import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { bigintToNumber, PayContract } from '@platform/common';
import { CURRENCIES, Currency } from '../money/currency';

export const PAYMENT_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const RECIPIENT_TYPES = ['wallet', 'mobile_money', 'bank'] as const satisfies readonly Recipient['type'][];
export const MOBILE_MONEY_PROVIDERS = ['mtn_momo', 'orange_money'] as const satisfies readonly Recipient['provider'][];

export type Recipient = PayContract.PaymentRecipient;

/**
 * A payment out of a wallet: pending (its amount held on the wallet) → succeeded (debited) or
 * failed (hold released). Only one conditional UPDATE on `status = 'pending'` ever settles it.
 */
@Entity({ name: 'payments' })
@Index('idx_payments_company_created', ['companyId', 'createdAt', 'id'])
@Index('idx_payments_status_created', ['status', 'createdAt'])
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

  @ApiProperty({ example: 25_000, description: 'Integer, minor units.' })
  @Column({ type: 'bigint', transformer: bigintToNumber })
  amount: number;

  @ApiProperty({ enum: CURRENCIES })
  @Column({ type: 'varchar', length: 3 })
  currency: Currency;

  @ApiProperty({ example: { type: 'mobile_money', provider: 'mtn_momo', phoneNumber: '+237677123456' } })
  @Column({ type: 'jsonb' })
  recipient: Recipient;

  @ApiProperty({ example: 'March salary' })
  @Column({ type: 'varchar', length: 255 })
  description: string;

  @ApiPropertyOptional({ nullable: true, example: 'PAYSLIP-2026-03-0042' })
  @Column({ type: 'varchar', length: 100, nullable: true })
  reference: string | null;

  @ApiProperty({ enum: PAYMENT_STATUSES })
  @Column({ type: 'varchar', length: 10 })
  status: PaymentStatus;

  @ApiProperty({ example: 'sandbox', description: '`internal` for wallet-to-wallet transfers.' })
  @Column({ type: 'varchar', length: 30 })
  provider: string;

  @ApiPropertyOptional({ nullable: true })
  @Column({ name: 'provider_reference', type: 'varchar', length: 100, nullable: true })
  providerReference: string | null;

  @ApiPropertyOptional({ nullable: true })
  @Column({ name: 'failure_reason', type: 'varchar', length: 255, nullable: true })
  failureReason: string | null;

  @ApiPropertyOptional({ nullable: true })
  @Column({ name: 'settled_at', type: 'timestamptz', nullable: true })
  settledAt: Date | null;

  @ApiProperty()
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @ApiProperty()
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
