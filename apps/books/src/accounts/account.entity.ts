import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export const ACCOUNT_TYPES = ['asset', 'liability', 'equity', 'revenue', 'expense'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/** An account of a company's chart; its code is unique within the company and never changes. */
@Entity({ name: 'books_accounts' })
@Index('idx_books_accounts_company_id', ['companyId', 'id'])
@Index('idx_books_accounts_company_updated', ['companyId', 'updatedAt'])
@Index('uq_books_accounts_company_code', ['companyId', 'code'], { unique: true })
// the list's filters within the company: in the list's order (page mode) and in the cursor's key's
@Index('idx_books_accounts_company_type_code', ['companyId', 'type', 'code'])
@Index('idx_books_accounts_company_type', ['companyId', 'type', 'id'])
@Index('idx_books_accounts_company_active_code', ['companyId', 'active', 'code'])
@Index('idx_books_accounts_company_active', ['companyId', 'active', 'id'])
export class Account {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'company_id', type: 'uuid' })
  companyId: string;

  @Column({ type: 'varchar', length: 20 })
  code: string;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'varchar', length: 10 })
  type: AccountType;

  /** An inactive account keeps its history but takes no new entry. */
  @Column({ type: 'boolean', default: true })
  active: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
