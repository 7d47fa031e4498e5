import { Column, Entity, PrimaryColumn } from 'typeorm';
import { bigintToNumber } from '@platform/data';

/**
 * An account's lines of one month, summed: what the reports add up instead of the lines, so a
 * trial balance or a ledger's balance reads a row per account and month plus at most one
 * month's lines. Kept by the posting that writes the lines, in its transaction and under the
 * company lock, so it always equals the lines' sums.
 */
@Entity({ name: 'books_account_months' })
export class AccountMonth {
  @PrimaryColumn({ name: 'company_id', type: 'uuid' })
  companyId: string;

  @PrimaryColumn({ name: 'account_id', type: 'uuid' })
  accountId: string;

  /** The month's first day. */
  @PrimaryColumn({ type: 'date' })
  month: string;

  @Column({ type: 'bigint', transformer: bigintToNumber })
  debits: number;

  @Column({ type: 'bigint', transformer: bigintToNumber })
  credits: number;

  @Column({ type: 'integer' })
  lines: number;
}
