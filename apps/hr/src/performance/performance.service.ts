import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, FindOptionsWhere } from 'typeorm';
import { Page, PlatformException, SerializedJson } from '@platform/pipeline';
import { findPage, Transactions } from '@platform/data';
import { Employee } from '../employees/employee.entity';
import { CreatePerformanceReviewDto, ListPerformanceReviewsQueryDto, UpdatePerformanceReviewDto } from './dto/performance-review.dto';
import { PerformanceReview } from './performance-review.entity';
import { REVIEW_TRANSITIONS, submissionErrors } from './review-rules';

const EDITABLE = ['periodStart', 'periodEnd', 'reviewerEmployeeId', 'reviewerName', 'goals', 'overallRating', 'summary'] as const;

@Injectable()
export class PerformanceService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly transactions: Transactions,
  ) {}

  /** A review starts as a draft: only the employee and the period are needed. */
  create(companyId: string, input: CreatePerformanceReviewDto): Promise<PerformanceReview> {
    return this.transactions.run(async (manager) => {
      if (!(await manager.existsBy(Employee, { id: input.employeeId, companyId }))) throw new PlatformException('USER_NOT_FOUND');
      const review = manager.create(PerformanceReview, {
        companyId,
        employeeId: input.employeeId,
        status: 'draft',
        goals: [],
        reviewerEmployeeId: null,
        reviewerName: null,
        overallRating: null,
        summary: null,
        submittedAt: null,
        completedAt: null,
      });
      apply(review, input);
      await checkFields(manager, review);
      return manager.save(review);
    });
  }

  async list(companyId: string, query: ListPerformanceReviewsQueryDto): Promise<Page<PerformanceReview> | SerializedJson> {
    const where: FindOptionsWhere<PerformanceReview> = { companyId };
    if (query.employeeId) where.employeeId = query.employeeId;
    if (query.status) where.status = query.status;
    return findPage(this.dataSource.getRepository(PerformanceReview), where, { createdAt: 'ASC', id: 'ASC' }, query);
  }

  async get(companyId: string, id: string): Promise<PerformanceReview> {
    const review = await this.dataSource.getRepository(PerformanceReview).findOneBy({ id, companyId });
    if (!review) throw new PlatformException('PERFORMANCE_REVIEW_NOT_FOUND');
    return review;
  }

  /**
   * Edits a draft or submitted review and moves it draft → submitted → completed. A submitted
   * review stays complete through its edits; a completed one is read-only.
   */
  update(companyId: string, id: string, input: UpdatePerformanceReviewDto): Promise<PerformanceReview> {
    return this.transactions.run(async (manager) => {
      const review = await this.transactions.lockOne(manager, PerformanceReview, companyId, id);
      if (!review) throw new PlatformException('PERFORMANCE_REVIEW_NOT_FOUND');
      if (review.status === 'completed') throw new PlatformException('PERFORMANCE_REVIEW_LOCKED');
      const from = review.status;
      const to = input.status ?? from;
      if (to !== from && !REVIEW_TRANSITIONS[from].includes(to)) throw new PlatformException('PERFORMANCE_REVIEW_INVALID_TRANSITION', { params: { from, to } });
      apply(review, input);
      await checkFields(manager, review);
      if (to !== 'draft') {
        const missing = submissionErrors(review);
        if (Object.keys(missing).length) throw PlatformException.validation(missing);
      }
      if (to === 'submitted' && from === 'draft') review.submittedAt = new Date();
      if (to === 'completed') review.completedAt = new Date();
      review.status = to;
      return manager.save(review);
    });
  }
}

function apply(review: PerformanceReview, input: CreatePerformanceReviewDto | UpdatePerformanceReviewDto): void {
  for (const key of EDITABLE) {
    const value = input[key];
    if (value !== undefined) (review as unknown as Record<string, unknown>)[key] = key === 'goals' ? (value as object[]).map((goal) => ({ ...goal })) : value;
  }
}

async function checkFields(manager: EntityManager, review: PerformanceReview): Promise<void> {
  if (review.periodEnd < review.periodStart) throw PlatformException.validation({ periodEnd: ['periodEnd must not be before periodStart'] });
  if (review.reviewerEmployeeId && !(await manager.existsBy(Employee, { id: review.reviewerEmployeeId, companyId: review.companyId }))) {
    throw PlatformException.validation({ reviewerEmployeeId: ['reviewerEmployeeId is not an employee of the company'] });
  }
}
