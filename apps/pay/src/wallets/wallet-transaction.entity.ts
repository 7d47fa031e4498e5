import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { bigintToNumber } from '@platform/data';
import { Currency } from '../money/currency';

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
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'company_id', type: 'uuid' })
  companyId: string;

  @Column({ name: 'wallet_id', type: 'uuid' })
  walletId: string;

  @Column({ type: 'integer' })
  sequence: number;

  @Column({ type: 'varchar', length: 12 })
  type: LedgerType;

  @Column({ type: 'bigint', transformer: bigintToNumber })
  amount: number;

  @Column({ type: 'varchar', length: 3 })
  currency: Currency;

  @Column({ name: 'balance_after', type: 'bigint', transformer: bigintToNumber })
  balanceAfter: number;

  @Column({ name: 'payment_id', type: 'uuid', nullable: true })
  paymentId: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  reference: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
