import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { bigintToNumber } from '@platform/data';
import { Currency } from '../money/currency';

/**
 * A company's wallet in one currency. `balance` is the sum of its ledger rows; `held` is the sum
 * of its pending payments; `available = balance - held` is what a new debit may take. Both only
 * change through one conditional UPDATE each (see WalletsRepository), never read-then-write.
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
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'company_id', type: 'uuid' })
  companyId: string;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'varchar', length: 3 })
  currency: Currency;

  @Column({ type: 'bigint', default: 0, transformer: bigintToNumber })
  balance: number;

  @Column({ type: 'bigint', default: 0, transformer: bigintToNumber })
  held: number;

  /** Sequence number of the wallet's last ledger row; each balance change takes the next one. */
  @Column({ name: 'last_sequence', type: 'integer', default: 0 })
  lastSequence: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
