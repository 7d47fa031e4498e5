import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { ApiProperty } from '@nestjs/swagger';
import { bigintToNumber } from '@platform/data';
import { CURRENCIES, Currency } from '../money/currency';

/**
 * A company's wallet in one currency. `balance` is the sum of its ledger rows; `held` is the sum
 * of its pending payments; `available = balance - held` is what a new debit may take. Both only
 * change through one conditional UPDATE each (see WalletLedger), never read-then-write.
 */
@Entity({ name: 'wallets' })
@Index('idx_wallets_company_id', ['companyId', 'id'])
@Index('idx_wallets_company_updated', ['companyId', 'updatedAt'])
@Index('idx_wallets_company_created', ['companyId', 'createdAt', 'id'])
@Check('chk_wallets_amounts', '"balance" >= 0 AND "held" >= 0 AND "held" <= "balance"')
// the list's filters within the company: in the list's order (page mode) and in the cursor's key's
@Index('idx_wallets_company_currency_created', ['companyId', 'currency', 'createdAt', 'id'])
@Index('idx_wallets_company_currency', ['companyId', 'currency', 'id'])
export class Wallet {
  @ApiProperty({ format: 'uuid' })
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @ApiProperty({ format: 'uuid' })
  @Column({ name: 'company_id', type: 'uuid' })
  companyId: string;

  @ApiProperty({ example: 'Payroll float', maxLength: 100 })
  @Column({ type: 'varchar', length: 100 })
  name: string;

  @ApiProperty({ enum: CURRENCIES, example: 'XAF' })
  @Column({ type: 'varchar', length: 3 })
  currency: Currency;

  @ApiProperty({ type: 'integer', minimum: 0, example: 1_000_000, description: 'Integer, minor units of the currency (XAF: francs).' })
  @Column({ type: 'bigint', default: 0, transformer: bigintToNumber })
  balance: number;

  @ApiProperty({ type: 'integer', minimum: 0, example: 0, description: 'Held by pending payments, minor units.' })
  @Column({ type: 'bigint', default: 0, transformer: bigintToNumber })
  held: number;

  /** Sequence number of the wallet's last ledger row; each balance change takes the next one. */
  @ApiProperty({ type: 'integer', minimum: 0, example: 3, description: 'Number of ledger rows (the sequence of the last one).' })
  @Column({ name: 'last_sequence', type: 'integer', default: 0 })
  lastSequence: number;

  @ApiProperty({ type: String, format: 'date-time' })
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @ApiProperty({ type: String, format: 'date-time' })
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}

/** The wallet as the API shows it: with `available`. */
export class WalletView extends Wallet {
  @ApiProperty({ type: 'integer', minimum: 0, example: 1_000_000, description: 'balance − held: what a new payment may take.' })
  available: number;
}

export function walletView(wallet: Wallet): WalletView {
  return { ...wallet, available: wallet.balance - wallet.held };
}
