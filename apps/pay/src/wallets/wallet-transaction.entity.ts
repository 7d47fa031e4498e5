import { ApiProperty } from '@nestjs/swagger';
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { bigintToNumber } from '@platform/data';
import { CURRENCIES, Currency } from '../money/currency';

export const LEDGER_TYPES = ['credit', 'debit', 'transfer_in', 'transfer_out'] as const;
export type LedgerType = (typeof LEDGER_TYPES)[number];

/**
 * The append-only ledger: one row per balance change, never updated or deleted. `amount` is
 * signed (credits positive, debits negative), so a wallet's balance is the sum of its rows;
 * `sequence` numbers a wallet's rows 1, 2, 3… (unique), `balanceAfter` is the balance it left.
 * Holds are not balance changes: they live in `wallets.held` and in the pending payment.
 */
@Entity({ name: 'wallet_transactions' })
@Index('idx_wallet_transactions_company_wallet_id', ['companyId', 'walletId', 'id'])
@Index('uq_wallet_transactions_wallet_sequence', ['walletId', 'sequence'], { unique: true })
@Index('idx_wallet_transactions_payment', ['paymentId'])
export class WalletTransaction {
  @ApiProperty({ format: 'uuid' })
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @ApiProperty({ format: 'uuid' })
  @Column({ name: 'company_id', type: 'uuid' })
  companyId: string;

  @ApiProperty({ format: 'uuid' })
  @Column({ name: 'wallet_id', type: 'uuid' })
  walletId: string;

  @ApiProperty({ type: 'integer', minimum: 1, example: 1 })
  @Column({ type: 'integer' })
  sequence: number;

  @ApiProperty({ enum: LEDGER_TYPES })
  @Column({ type: 'varchar', length: 12 })
  type: LedgerType;

  @ApiProperty({ type: 'integer', example: -25_000, description: 'Signed, minor units: positive adds to the balance.' })
  @Column({ type: 'bigint', transformer: bigintToNumber })
  amount: number;

  @ApiProperty({ enum: CURRENCIES })
  @Column({ type: 'varchar', length: 3 })
  currency: Currency;

  @ApiProperty({ type: 'integer', minimum: 0, example: 975_000, description: 'The wallet’s balance after this row, minor units.' })
  @Column({ name: 'balance_after', type: 'bigint', transformer: bigintToNumber })
  balanceAfter: number;

  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'The payment that moved the money, if any.' })
  @Column({ name: 'payment_id', type: 'uuid', nullable: true })
  paymentId: string | null;

  @ApiProperty({ type: String, nullable: true, example: 'TOPUP-2026-03' })
  @Column({ type: 'varchar', length: 100, nullable: true })
  reference: string | null;

  @ApiProperty({ type: String, format: 'date-time' })
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @ApiProperty({ type: String, format: 'date-time', description: 'When the row was written; ledger rows never change after.' })
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
