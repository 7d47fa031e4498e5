import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn, ValueTransformer } from 'typeorm';

/** numeric columns come back from PostgreSQL as strings; day counts are halves, exact as numbers. */
export const numericToNumber: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | number | null) => (value === null || value === undefined ? value : Number(value)),
};

@Entity({ name: 'leave_types' })
@Index('idx_leave_types_company_id', ['companyId', 'id'])
@Index('idx_leave_types_company_updated', ['companyId', 'updatedAt'])
@Index('uq_leave_types_company_name', ['companyId', 'name'], { unique: true })
@Index('idx_leave_types_company_created', ['companyId', 'createdAt', 'id'])
export class LeaveType {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'company_id', type: 'uuid' })
  companyId: string;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  /** Working days granted per calendar year, in halves. */
  @Column({ name: 'annual_allowance_days', type: 'numeric', precision: 5, scale: 1, transformer: numericToNumber })
  annualAllowanceDays: number;

  /** Unpaid leave has no balance and reduces pay. */
  @Column({ type: 'boolean', default: true })
  paid: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
