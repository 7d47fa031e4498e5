import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { Page } from '@platform/pipeline';
import { findPage, QuerySample, SAMPLE } from '@platform/data';
import { DateRange } from '../shared/dates';
import { ListLeaveRequestsQueryDto } from './dto/leave.dto';
import { LeaveRequest } from './leave-request.entity';

/** The statuses that book an employee's days: they count against the balance and may not overlap. */
const BOOKED = ['pending', 'approved'] as const;

/** What a leave request is written with (the company and the keys aside). */
export type LeaveRequestFields = Omit<LeaveRequest, 'id' | 'companyId' | 'createdAt' | 'updatedAt'>;

const SAMPLE_REQUEST: LeaveRequestFields = {
  employeeId: SAMPLE.otherId,
  leaveTypeId: SAMPLE.id,
  startDate: '2026-03-02',
  endDate: '2026-03-06',
  startHalfDay: false,
  endHalfDay: false,
  days: 5,
  status: 'pending',
  reason: null,
  decidedAt: null,
};

/** Leave requests (`leave_requests`). Their employee's row is their lock (EmployeesRepository.lockEmployee). */
@Injectable()
export class LeaveRequestsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @QuerySample([SAMPLE.companyId, SAMPLE_REQUEST, SAMPLE.tx])
  insertRequest(companyId: string, fields: LeaveRequestFields, manager: EntityManager): Promise<LeaveRequest> {
    return manager.save(manager.create(LeaveRequest, { companyId, ...fields }));
  }

  @QuerySample([SAMPLE.companyId, { page: 2, limit: 20 }])
  @QuerySample([SAMPLE.companyId, { employeeId: SAMPLE.otherId, page: 2, limit: 20 }], 'by employee')
  @QuerySample([SAMPLE.companyId, { status: 'pending' as const, page: 2, limit: 20 }], 'by status')
  @QuerySample([SAMPLE.companyId, { from: '2026-01-01', page: 2, limit: 20 }], 'from a date')
  @QuerySample([SAMPLE.companyId, { to: '2026-12-31', page: 2, limit: 20 }], 'to a date')
  @QuerySample([SAMPLE.companyId, { cursor: SAMPLE.cursor, limit: 20 }], 'after a cursor')
  @QuerySample([SAMPLE.companyId, { employeeId: SAMPLE.otherId, cursor: SAMPLE.cursor, limit: 20 }], 'by employee, after a cursor')
  @QuerySample([SAMPLE.companyId, { status: 'pending' as const, cursor: SAMPLE.cursor, limit: 20 }], 'by status, after a cursor')
  @QuerySample([SAMPLE.companyId, { from: '2026-01-01', cursor: SAMPLE.cursor, limit: 20 }], 'from a date, after a cursor')
  @QuerySample([SAMPLE.companyId, { to: '2026-12-31', cursor: SAMPLE.cursor, limit: 20 }], 'to a date, after a cursor')
  listRequestsPage(companyId: string, query: ListLeaveRequestsQueryDto): Promise<Page<LeaveRequest>> {
    const builder = this.dataSource.getRepository(LeaveRequest).createQueryBuilder('request').where('request.companyId = :companyId', { companyId });
    if (query.employeeId) builder.andWhere('request.employeeId = :employeeId', { employeeId: query.employeeId });
    if (query.status) builder.andWhere('request.status = :status', { status: query.status });
    if (query.from) builder.andWhere('request.endDate >= :from', { from: query.from });
    if (query.to) builder.andWhere('request.startDate <= :to', { to: query.to });
    builder.orderBy('request.startDate', 'ASC').addOrderBy('request.id', 'ASC');
    return findPage(builder, query);
  }

  /** Another company's request is not found, like a missing one. */
  @QuerySample([SAMPLE.companyId, SAMPLE.id])
  findRequest(companyId: string, id: string, manager: EntityManager = this.dataSource.manager): Promise<LeaveRequest | null> {
    return manager.findOneBy(LeaveRequest, { id, companyId });
  }

  /** Pending and approved requests of the employee touching the window. */
  @QuerySample([SAMPLE.companyId, SAMPLE.otherId, { start: '2026-01-01', end: '2026-12-31' }])
  bookedLeave(companyId: string, employeeId: string, window: DateRange, manager: EntityManager = this.dataSource.manager): Promise<LeaveRequest[]> {
    return manager
      .createQueryBuilder(LeaveRequest, 'request')
      .where('request.companyId = :companyId AND request.employeeId = :employeeId', { companyId, employeeId })
      .andWhere('request.status IN (:...booked)', { booked: BOOKED })
      .andWhere('request.startDate <= :end AND request.endDate >= :start', window)
      .getMany();
  }

  /** Records a decision on the company's request; answers its new updatedAt (null when no such request). */
  @QuerySample([SAMPLE.companyId, SAMPLE.id, { status: 'approved' as const, decidedAt: new Date(0) }, SAMPLE.tx])
  async updateRequest(companyId: string, id: string, changes: Pick<LeaveRequestFields, 'status' | 'decidedAt'>, manager: EntityManager): Promise<Date | null> {
    const result = await manager
      .createQueryBuilder()
      .update(LeaveRequest)
      .set(changes)
      .where('id = :id AND company_id = :companyId', { id, companyId })
      .returning(['updatedAt'])
      .execute();
    return (result.raw as { updated_at: Date }[])[0]?.updated_at ?? null;
  }
}
