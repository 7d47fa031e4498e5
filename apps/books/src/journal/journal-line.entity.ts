import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { bigintToNumber } from '@platform/data';

/**
 * One line of an entry: exactly one of debit and credit is positive. Date and order copied from
 * the entry for the reports. An account's lines are read in ledger order from one index that
 * also holds the entry and the amounts, so the entries of an account and a ledger's sums are
 * read from the index alone. An entry's lines are read by (company, entry): an index that leads
 * with the company and names the entry is the one a planner without statistics takes over the
 * company's dates (which would read every line of the company).
 */
@Entity({ name: 'books_journal_lines' })
@Index('idx_books_lines_company_entry', ['companyId', 'entryId', 'lineNumber'])
@Index('idx_books_lines_company_account_order', ['companyId', 'accountId', 'date', 'entrySequence', 'lineNumber', 'entryId', 'debit', 'credit'])
@Index('idx_books_lines_company_date', ['companyId', 'date'])
export class JournalLine {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'company_id', type: 'uuid' })
  companyId: string;

  @Column({ name: 'entry_id', type: 'uuid' })
  entryId: string;

  @Column({ name: 'line_number', type: 'integer' })
  lineNumber: number;

  @Column({ name: 'account_id', type: 'uuid' })
  accountId: string;

  @Column({ name: 'account_code', type: 'varchar', length: 20 })
  accountCode: string;

  @Column({ type: 'bigint', transformer: bigintToNumber })
  debit: number;

  @Column({ type: 'bigint', transformer: bigintToNumber })
  credit: number;

  @Column({ type: 'varchar', length: 500, nullable: true })
  description: string | null;

  @Column({ type: 'date' })
  date: string;

  @Column({ name: 'entry_sequence', type: 'integer' })
  entrySequence: number;
}
