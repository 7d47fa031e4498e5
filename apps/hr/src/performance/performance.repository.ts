import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, FindOptionsWhere } from 'typeorm';
import { Page } from '@platform/pipeline';
import { findPage, QuerySample, SAMPLE } from '@platform/data';
import { ListPerformanceReviewsQueryDto } from './dto/performance-review.dto';
import { PerformanceReview } from './performance-review.entity';

/** What a review is written with (the company and the keys aside). */
export type ReviewFields = Omit<PerformanceReview, 'id' | 'companyId' | 'createdAt' | 'updatedAt'>;

const SAMPLE_REVIEW: ReviewFields = {
  employeeId: SAMPLE.otherId,
  periodStart: '2026-01-01',
  periodEnd: '2026-06-30',
  reviewerEmployeeId: null,
  reviewerName: null,
  goals: [],
  overallRating: null,
  summary: null,
  status: 'draft',
  submittedAt: null,
  completedAt: null,
};

/** Performance reviews (`performance_reviews`). */
@Injectable()
export class PerformanceRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @QuerySample([SAMPLE.companyId, SAMPLE_REVIEW, SAMPLE.tx])
  insertReview(companyId: string, fields: ReviewFields, manager: EntityManager): Promise<PerformanceReview> {
    return manager.save(manager.create(PerformanceReview, { companyId, ...fields }));
  }

  @QuerySample([SAMPLE.companyId, { page: 2, limit: 20 }])
  @QuerySample([SAMPLE.companyId, { employeeId: SAMPLE.otherId, page: 2, limit: 20 }], 'by employee')
  @QuerySample([SAMPLE.companyId, { status: 'submitted' as const, page: 2, limit: 20 }], 'by status')
  @QuerySample([SAMPLE.companyId, { cursor: SAMPLE.cursor, limit: 20 }], 'after a cursor')
  @QuerySample([SAMPLE.companyId, { employeeId: SAMPLE.otherId, cursor: SAMPLE.cursor, limit: 20 }], 'by employee, after a cursor')
  @QuerySample([SAMPLE.companyId, { status: 'submitted' as const, cursor: SAMPLE.cursor, limit: 20 }], 'by status, after a cursor')
  listReviewsPage(companyId: string, query: ListPerformanceReviewsQueryDto): Promise<Page<PerformanceReview>> {
    const where: FindOptionsWhere<PerformanceReview> = { companyId };
    if (query.employeeId) where.employeeId = query.employeeId;
    if (query.status) where.status = query.status;
    return findPage(this.dataSource.getRepository(PerformanceReview), where, { createdAt: 'ASC', id: 'ASC' }, query);
  }

  /** Another company's review is not found, like a missing one. */
  @QuerySample([SAMPLE.companyId, SAMPLE.id])
  findReview(companyId: string, id: string): Promise<PerformanceReview | null> {
    return this.dataSource.getRepository(PerformanceReview).findOneBy({ id, companyId });
  }

  /** Reads the review and locks its row until the transaction ends (`SELECT … FOR UPDATE`). */
  @QuerySample([SAMPLE.companyId, SAMPLE.id, SAMPLE.tx])
  lockReview(companyId: string, id: string, manager: EntityManager): Promise<PerformanceReview | null> {
    return manager
      .createQueryBuilder(PerformanceReview, 'row')
      .where('row.id = :id AND row.companyId = :companyId', { id, companyId })
      .setLock('pessimistic_write')
      .getOne();
  }

  /** Sets the fields on the company's review; answers its new updatedAt (null when no such review). */
  @QuerySample([SAMPLE.companyId, SAMPLE.id, { status: 'submitted' as const, overallRating: 4, submittedAt: new Date(0) }, SAMPLE.tx])
  async updateReview(companyId: string, id: string, changes: Partial<ReviewFields>, manager: EntityManager): Promise<Date | null> {
    const result = await manager
      .createQueryBuilder()
      .update(PerformanceReview)
      .set(changes)
      .where('id = :id AND company_id = :companyId', { id, companyId })
      .returning(['updatedAt'])
      .execute();
    return (result.raw as { updated_at: Date }[])[0]?.updated_at ?? null;
  }
}
