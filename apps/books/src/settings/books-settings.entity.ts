import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { bigintToNumber } from '@platform/data';

export const DEFAULT_BOOK_CURRENCY = 'XAF';

/**
 * One row per company: its book currency and how far its periods are closed. Every write to a
 * company's books locks this row first, so postings, closings and entry numbers are serialized
 * per company.
 */
@Entity({ name: 'books_settings' })
export class BooksSettings {
  @PrimaryColumn({ name: 'company_id', type: 'uuid' })
  companyId: string;

  /** ISO 4217; every entry of the company is in it. Fixed once an entry is posted. */
  @Column({ type: 'varchar', length: 3 })
  currency: string;

  /** Entries dated on or before this date are refused; null while nothing is closed. */
  @Column({ name: 'closed_through', type: 'date', nullable: true })
  closedThrough: string | null;

  /**
   * Every debit ever posted, added up. Kept within 2^53 − 1, it bounds every sum a report can
   * make (a balance, a column of the trial balance), so reports stay exact JSON integers.
   */
  @Column({ name: 'posted_total', type: 'bigint', default: 0, transformer: bigintToNumber })
  postedTotal: number;

  @Column({ name: 'chart_installed_at', type: 'timestamptz', nullable: true })
  chartInstalledAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
