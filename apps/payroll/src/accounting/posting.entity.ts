import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { BooksContract } from '@platform/contracts';

export type PostingKind = 'accrual' | 'payment';
export type PostingStatus = 'pending' | 'posted' | 'failed';

/**
 * A journal entry payroll owes Books, written in the same transaction as the approval or the
 * payment it records, then delivered (and retried while Books is away): nothing approved or
 * paid goes unrecorded, and Books' idempotency on the source makes a retry post once.
 */
@Entity({ name: 'books_postings' })
@Index('uq_books_postings_run_kind_source', ['runId', 'kind', 'sourceId'], { unique: true })
@Index('idx_books_postings_status_due', ['status', 'nextAttemptAt'])
export class Posting {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'company_id', type: 'uuid' })
  companyId: string;

  @Column({ name: 'run_id', type: 'uuid' })
  runId: string;

  @Column({ type: 'varchar', length: 10 })
  kind: PostingKind;

  /** the run for an accrual, the payslip for a payment */
  @Column({ name: 'source_id', type: 'uuid' })
  sourceId: string;

  @Column({ type: 'jsonb' })
  request: BooksContract.SourceJournalEntry;

  @Column({ type: 'varchar', length: 10 })
  status: PostingStatus;

  @Column({ name: 'journal_entry_id', type: 'uuid', nullable: true })
  journalEntryId: string | null;

  @Column({ name: 'journal_entry_number', type: 'varchar', length: 40, nullable: true })
  journalEntryNumber: string | null;

  @Column({ type: 'integer', default: 0 })
  attempts: number;

  @Column({ name: 'last_error', type: 'varchar', length: 500, nullable: true })
  lastError: string | null;

  @Column({ name: 'next_attempt_at', type: 'timestamptz' })
  nextAttemptAt: Date;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'posted_at', type: 'timestamptz', nullable: true })
  postedAt: Date | null;
}
