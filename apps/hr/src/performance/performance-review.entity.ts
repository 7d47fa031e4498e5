import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export const REVIEW_STATUSES = ['draft', 'submitted', 'completed'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export interface ReviewGoal {
  title: string;
  /** Share of the review, 1–100; a submitted review's weights sum to 100. */
  weight: number;
  rating?: number | null;
  comment?: string | null;
}

@Entity({ name: 'performance_reviews' })
@Index('idx_performance_reviews_company_id', ['companyId', 'id'])
@Index('idx_performance_reviews_company_updated', ['companyId', 'updatedAt'])
@Index('idx_performance_reviews_company_employee', ['companyId', 'employeeId', 'periodStart'])
@Index('idx_performance_reviews_company_created', ['companyId', 'createdAt', 'id'])
// the list's filters within the company: in the list's order (page mode) and in the cursor's key's
@Index('idx_performance_reviews_company_status_created', ['companyId', 'status', 'createdAt', 'id'])
@Index('idx_performance_reviews_company_status', ['companyId', 'status', 'id'])
export class PerformanceReview {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'company_id', type: 'uuid' })
  companyId: string;

  @Column({ name: 'employee_id', type: 'uuid' })
  employeeId: string;

  @Column({ name: 'period_start', type: 'date' })
  periodStart: string;

  @Column({ name: 'period_end', type: 'date' })
  periodEnd: string;

  @Column({ name: 'reviewer_employee_id', type: 'uuid', nullable: true })
  reviewerEmployeeId: string | null;

  /** A reviewer outside the HR records (e.g. an external consultant). */
  @Column({ name: 'reviewer_name', type: 'varchar', length: 150, nullable: true })
  reviewerName: string | null;

  @Column({ type: 'jsonb' })
  goals: ReviewGoal[];

  @Column({ name: 'overall_rating', type: 'integer', nullable: true })
  overallRating: number | null;

  @Column({ type: 'text', nullable: true })
  summary: string | null;

  @Column({ type: 'varchar', length: 10 })
  status: ReviewStatus;

  @Column({ name: 'submitted_at', type: 'timestamptz', nullable: true })
  submittedAt: Date | null;

  @Column({ name: 'completed_at', type: 'timestamptz', nullable: true })
  completedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
