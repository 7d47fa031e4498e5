import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A closed span of a company's books: from the day after the previous closing (null for the first) through `endDate`. */
@Entity({ name: 'books_accounting_periods' })
@Index('idx_books_accounting_periods_company_id', ['companyId', 'id'])
@Index('idx_books_accounting_periods_company_updated', ['companyId', 'updatedAt'])
@Index('uq_books_periods_company_end', ['companyId', 'endDate'], { unique: true })
export class AccountingPeriod {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'company_id', type: 'uuid' })
  companyId: string;

  @Column({ name: 'start_date', type: 'date', nullable: true })
  startDate: string | null;

  @Column({ name: 'end_date', type: 'date' })
  endDate: string;

  @CreateDateColumn({ name: 'closed_at', type: 'timestamptz' })
  closedAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
