import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { bigintToNumber } from '@platform/data';

/**
 * A posted journal entry: immutable once written, except for the link to the entry that
 * reverses it. Numbered per company and year without gaps (`JE-2026-000123`).
 */
@Entity({ name: 'books_journal_entries' })
@Index('idx_books_journal_entries_company_updated', ['companyId', 'updatedAt'])
@Index('uq_books_entries_company_number', ['companyId', 'number'], { unique: true })
@Index('idx_books_entries_company_date', ['companyId', 'date', 'sequence'])
@Index('idx_books_entries_company_id', ['companyId', 'id'])
@Index('idx_books_entries_company_reference', ['companyId', 'reference'])
@Index('uq_books_entries_reversal_of', ['reversalOfId'], { unique: true })
@Index('uq_books_entries_source', ['companyId', 'sourceType', 'sourceId', 'reference'], { unique: true })
export class JournalEntry {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'company_id', type: 'uuid' })
  companyId: string;

  @Column({ type: 'varchar', length: 20 })
  number: string;

  /** Position within the year of `date`; what `number` spells. */
  @Column({ type: 'integer' })
  sequence: number;

  @Column({ type: 'date' })
  date: string;

  @Column({ type: 'varchar', length: 500 })
  memo: string;

  @Column({ type: 'varchar', length: 100, nullable: true })
  reference: string | null;

  @Column({ type: 'varchar', length: 3 })
  currency: string;

  @Column({ name: 'total_debit', type: 'bigint', transformer: bigintToNumber })
  totalDebit: number;

  @Column({ name: 'total_credit', type: 'bigint', transformer: bigintToNumber })
  totalCredit: number;

  @Column({ name: 'reversal_of_id', type: 'uuid', nullable: true })
  reversalOfId: string | null;

  @Column({ name: 'reversed_by_id', type: 'uuid', nullable: true })
  reversedById: string | null;

  /** What another service posted it for (e.g. `payroll_run`); null for entries made through the API. */
  @Column({ name: 'source_type', type: 'varchar', length: 50, nullable: true })
  sourceType: string | null;

  @Column({ name: 'source_id', type: 'varchar', length: 100, nullable: true })
  sourceId: string | null;

  @CreateDateColumn({ name: 'posted_at', type: 'timestamptz' })
  postedAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
