import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { Page, PlatformException } from '@platform/pipeline';
import { Transactions } from '@platform/data';
import { EMPLOYEE_NOT_FOUND } from '@platform/contracts';
import { EmployeesRepository } from '../employees/employees.repository';
import { changedFields } from '../shared/changes';
import { CreatePerformanceReviewDto, ListPerformanceReviewsQueryDto, UpdatePerformanceReviewDto } from './dto/performance-review.dto';
import { PerformanceReview } from './performance-review.entity';
import { PerformanceRepository, ReviewFields } from './performance.repository';
import { REVIEW_TRANSITIONS, submissionErrors } from './review-rules';

const EDITABLE = ['periodStart', 'periodEnd', 'reviewerEmployeeId', 'reviewerName', 'goals', 'overallRating', 'summary'] as const;
/** The columns a change may set. */
const CHANGED_FIELDS = [...EDITABLE, 'status', 'submittedAt', 'completedAt'] as const;

@Injectable()
export class PerformanceService {
  constructor(
    private readonly reviews: PerformanceRepository,
    private readonly employees: EmployeesRepository,
    private readonly transactions: Transactions,
  ) {}

  /** A review starts as a draft: only the employee and the period are needed. */
  create(companyId: string, input: CreatePerformanceReviewDto): Promise<PerformanceReview> {
    return this.transactions.run(async (manager) => {
      if (!(await this.employees.employeeExists(companyId, input.employeeId, manager))) throw new PlatformException(EMPLOYEE_NOT_FOUND);
      const review: ReviewFields & Pick<PerformanceReview, 'companyId'> = {
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
        periodStart: input.periodStart,
        periodEnd: input.periodEnd,
      };
      apply(review, input);
      await this.checkFields(manager, review);
      const { companyId: _companyId, ...fields } = review;
      return this.reviews.insertReview(companyId, fields, manager);
    });
  }

  list(companyId: string, query: ListPerformanceReviewsQueryDto): Promise<Page<PerformanceReview>> {
    return this.reviews.listReviewsPage(companyId, query);
  }

  async get(companyId: string, id: string): Promise<PerformanceReview> {
    const review = await this.reviews.findReview(companyId, id);
    if (!review) throw new PlatformException('PERFORMANCE_REVIEW_NOT_FOUND');
    return review;
  }

  /**
   * Edits a draft or submitted review and moves it draft → submitted → completed. A submitted
   * review stays complete through its edits; a completed one is read-only.
   */
  update(companyId: string, id: string, input: UpdatePerformanceReviewDto): Promise<PerformanceReview> {
    return this.transactions.run(async (manager) => {
      const stored = await this.reviews.lockReview(companyId, id, manager);
      if (!stored) throw new PlatformException('PERFORMANCE_REVIEW_NOT_FOUND');
      const review = Object.assign(new PerformanceReview(), stored);
      if (review.status === 'completed') throw new PlatformException('PERFORMANCE_REVIEW_LOCKED');
      const from = review.status;
      const to = input.status ?? from;
      if (to !== from && !REVIEW_TRANSITIONS[from].includes(to)) throw new PlatformException('PERFORMANCE_REVIEW_INVALID_TRANSITION', { params: { from, to } });
      apply(review, input);
      await this.checkFields(manager, review);
      if (to !== 'draft') {
        const missing = submissionErrors(review);
        if (Object.keys(missing).length) throw PlatformException.validation(missing);
      }
      if (to === 'submitted' && from === 'draft') review.submittedAt = new Date();
      if (to === 'completed') review.completedAt = new Date();
      review.status = to;
      const changes = changedFields(stored, review, CHANGED_FIELDS);
      const updatedAt = Object.keys(changes).length ? await this.reviews.updateReview(companyId, id, changes, manager) : null;
      return Object.assign(review, { updatedAt: updatedAt ?? review.updatedAt });
    });
  }

  private async checkFields(
    manager: EntityManager,
    review: Pick<PerformanceReview, 'companyId' | 'periodStart' | 'periodEnd' | 'reviewerEmployeeId'>,
  ): Promise<void> {
    if (review.periodEnd < review.periodStart) throw PlatformException.validation({ periodEnd: ['periodEnd must not be before periodStart'] });
    if (review.reviewerEmployeeId && !(await this.employees.employeeExists(review.companyId, review.reviewerEmployeeId, manager))) {
      throw PlatformException.validation({ reviewerEmployeeId: ['reviewerEmployeeId is not an employee of the company'] });
    }
  }
}

function apply(review: Partial<PerformanceReview>, input: CreatePerformanceReviewDto | UpdatePerformanceReviewDto): void {
  for (const key of EDITABLE) {
    const value = input[key];
    if (value !== undefined) (review as unknown as Record<string, unknown>)[key] = key === 'goals' ? (value as object[]).map((goal) => ({ ...goal })) : value;
  }
}
