import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { Page, PlatformException } from '@platform/pipeline';
import { EventOutbox, findPage, Transactions } from '@platform/data';
import { Employee } from '../employees/employee.entity';
import { calendarDays, countLeaveDays, DateRange, leaveSpansOverlap, todayIso } from '../shared/dates';
import { CreateLeaveRequestDto, LeaveBalanceView, ListLeaveRequestsQueryDto } from './dto/leave.dto';
import { BookedLeave, findShortfall, yearBalance } from './leave-balance';
import { LeaveRequest } from './leave-request.entity';
import { LeaveType } from './leave-type.entity';

const MAX_SPAN_DAYS = 366;
const BOOKED = ['pending', 'approved'] as const;

type Decision = 'approve' | 'reject' | 'cancel';

@Injectable()
export class LeaveRequestsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly transactions: Transactions,
    private readonly outbox: EventOutbox,
  ) {}

  async create(companyId: string, input: CreateLeaveRequestDto): Promise<LeaveRequest> {
    const span = { start: input.startDate, end: input.endDate, startHalfDay: input.startHalfDay, endHalfDay: input.endHalfDay };
    if (span.end < span.start) throw PlatformException.validation({ endDate: ['endDate must not be before startDate'] });
    if (calendarDays(span) > MAX_SPAN_DAYS) throw PlatformException.validation({ endDate: [`a request spans at most ${MAX_SPAN_DAYS} days`] });
    if (span.start === span.end && span.startHalfDay && span.endHalfDay) {
      throw PlatformException.validation({ endHalfDay: ['a one-day request is the afternoon (startHalfDay) or the morning (endHalfDay), not both'] });
    }
    const days = countLeaveDays(span);
    if (days === 0) throw new PlatformException('LEAVE_NO_WORKING_DAYS');

    return this.transactions.run(async (manager) => {
      if (!(await this.transactions.lockOne(manager, Employee, companyId, input.employeeId))) throw new PlatformException('USER_NOT_FOUND');
      const type = await manager.findOneBy(LeaveType, { id: input.leaveTypeId, companyId });
      if (!type) throw new PlatformException('LEAVE_TYPE_NOT_FOUND');

      // The years the request touches: enough for both the overlap and the balance checks.
      const window = { start: `${span.start.slice(0, 4)}-01-01`, end: `${span.end.slice(0, 4)}-12-31` };
      const booked = await this.booked(manager, companyId, input.employeeId, window);
      const clash = booked.find((other) => leaveSpansOverlap(span, spanOf(other)));
      if (clash)
        throw new PlatformException('LEAVE_REQUEST_OVERLAP', { details: { leaveRequestId: clash.id, startDate: clash.startDate, endDate: clash.endDate } });
      if (type.paid) {
        const sameType = booked.filter((other) => other.leaveTypeId === type.id).map(bookedOf);
        const shortfall = findShortfall(type.annualAllowanceDays, sameType, span);
        if (shortfall) throw new PlatformException('LEAVE_BALANCE_INSUFFICIENT', { params: { ...shortfall }, details: { ...shortfall } });
      }
      return manager.save(
        manager.create(LeaveRequest, {
          companyId,
          employeeId: input.employeeId,
          leaveTypeId: type.id,
          startDate: span.start,
          endDate: span.end,
          startHalfDay: span.startHalfDay,
          endHalfDay: span.endHalfDay,
          days,
          status: 'pending',
          reason: input.reason || null,
          decidedAt: null,
        }),
      );
    });
  }

  async list(companyId: string, query: ListLeaveRequestsQueryDto): Promise<Page<LeaveRequest>> {
    if (query.from && query.to && query.to < query.from) throw PlatformException.validation({ to: ['to must not be before from'] });
    const builder = this.dataSource.getRepository(LeaveRequest).createQueryBuilder('request').where('request.companyId = :companyId', { companyId });
    if (query.employeeId) builder.andWhere('request.employeeId = :employeeId', { employeeId: query.employeeId });
    if (query.status) builder.andWhere('request.status = :status', { status: query.status });
    if (query.from) builder.andWhere('request.endDate >= :from', { from: query.from });
    if (query.to) builder.andWhere('request.startDate <= :to', { to: query.to });
    builder.orderBy('request.startDate', 'ASC').addOrderBy('request.id', 'ASC');
    return findPage(builder, query);
  }

  async get(companyId: string, id: string): Promise<LeaveRequest> {
    const request = await this.dataSource.getRepository(LeaveRequest).findOneBy({ id, companyId });
    if (!request) throw new PlatformException('LEAVE_REQUEST_NOT_FOUND');
    return request;
  }

  /**
   * pending → approved | rejected | cancelled. An approved request may still be cancelled
   * while its startDate is in the future (the leave has not begun); the days return to the
   * balance and consumers get leave.cancelled.
   */
  decide(companyId: string, id: string, decision: Decision): Promise<LeaveRequest> {
    return this.transactions.run(async (manager) => {
      const found = await manager.findOneBy(LeaveRequest, { id, companyId });
      if (!found) throw new PlatformException('LEAVE_REQUEST_NOT_FOUND');
      await this.transactions.lockOne(manager, Employee, companyId, found.employeeId);
      const request = await manager.findOneByOrFail(LeaveRequest, { id, companyId });
      const cancellingApproved = decision === 'cancel' && request.status === 'approved' && request.startDate > todayIso();
      if (decision === 'approve' && request.status === 'approved') throw new PlatformException('LEAVE_REQUEST_ALREADY_APPROVED');
      if (request.status !== 'pending' && !cancellingApproved) throw new PlatformException('LEAVE_REQUEST_NOT_PENDING', { params: { status: request.status } });

      request.status = decision === 'approve' ? 'approved' : decision === 'reject' ? 'rejected' : 'cancelled';
      request.decidedAt = new Date();
      const saved = await manager.save(request);
      if (decision === 'approve') await this.outbox.record(manager, companyId, 'leave_request.approved', saved);
      if (cancellingApproved) await this.outbox.record(manager, companyId, 'leave_request.cancelled', saved);
      return saved;
    });
  }

  async balances(companyId: string, employeeId: string, year: number): Promise<LeaveBalanceView[]> {
    if (!(await this.dataSource.getRepository(Employee).existsBy({ id: employeeId, companyId }))) throw new PlatformException('USER_NOT_FOUND');
    const types = await this.dataSource.getRepository(LeaveType).find({ where: { companyId }, order: { name: 'ASC' } });
    const booked = await this.booked(this.dataSource.manager, companyId, employeeId, { start: `${year}-01-01`, end: `${year}-12-31` });
    return types.map((type) => ({
      leaveTypeId: type.id,
      name: type.name,
      paid: type.paid,
      ...yearBalance(type.annualAllowanceDays, booked.filter((request) => request.leaveTypeId === type.id).map(bookedOf), year),
    }));
  }

  /** Pending and approved requests of the employee touching the window. */
  private booked(manager: EntityManager, companyId: string, employeeId: string, window: DateRange): Promise<LeaveRequest[]> {
    return manager
      .createQueryBuilder(LeaveRequest, 'request')
      .where('request.companyId = :companyId AND request.employeeId = :employeeId', { companyId, employeeId })
      .andWhere('request.status IN (:...booked)', { booked: BOOKED })
      .andWhere('request.startDate <= :end AND request.endDate >= :start', window)
      .getMany();
  }
}

function spanOf(request: LeaveRequest) {
  return { start: request.startDate, end: request.endDate, startHalfDay: request.startHalfDay, endHalfDay: request.endHalfDay };
}

function bookedOf(request: LeaveRequest): BookedLeave {
  return { ...spanOf(request), status: request.status as BookedLeave['status'] };
}
