import { Injectable } from '@nestjs/common';
import { Page, PlatformException } from '@platform/pipeline';
import { EventOutbox, Transactions } from '@platform/data';
import { EMPLOYEE_NOT_FOUND } from '@platform/contracts';
import { EmployeesRepository } from '../employees/employees.repository';
import { calendarDays, countLeaveDays, leaveSpansOverlap, todayIso } from '../shared/dates';
import { CreateLeaveRequestDto, ListLeaveRequestsQueryDto } from './dto/leave.dto';
import { LeaveBalanceView } from './dto/leave-views.dto';
import { BookedLeave, findShortfall, yearBalance } from './leave-balance';
import { LeaveRequest } from './leave-request.entity';
import { LeaveRequestsRepository } from './leave-requests.repository';
import { LeaveTypesRepository } from './leave-types.repository';

const MAX_SPAN_DAYS = 366;

type Decision = 'approve' | 'reject' | 'cancel';

@Injectable()
export class LeaveRequestsService {
  constructor(
    private readonly requests: LeaveRequestsRepository,
    private readonly types: LeaveTypesRepository,
    private readonly employees: EmployeesRepository,
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
      if (!(await this.employees.lockEmployee(companyId, input.employeeId, manager))) throw new PlatformException(EMPLOYEE_NOT_FOUND);
      const type = await this.types.findType(companyId, input.leaveTypeId, manager);
      if (!type) throw new PlatformException('LEAVE_TYPE_NOT_FOUND');

      // The years the request touches: enough for both the overlap and the balance checks.
      const window = { start: `${span.start.slice(0, 4)}-01-01`, end: `${span.end.slice(0, 4)}-12-31` };
      const booked = await this.requests.bookedLeave(companyId, input.employeeId, window, manager);
      const clash = booked.find((other) => leaveSpansOverlap(span, spanOf(other)));
      if (clash)
        throw new PlatformException('LEAVE_REQUEST_OVERLAP', { details: { leaveRequestId: clash.id, startDate: clash.startDate, endDate: clash.endDate } });
      if (type.paid) {
        const sameType = booked.filter((other) => other.leaveTypeId === type.id).map(bookedOf);
        const shortfall = findShortfall(type.annualAllowanceDays, sameType, span);
        if (shortfall) throw new PlatformException('LEAVE_BALANCE_INSUFFICIENT', { params: { ...shortfall }, details: { ...shortfall } });
      }
      return this.requests.insertRequest(
        companyId,
        {
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
        },
        manager,
      );
    });
  }

  list(companyId: string, query: ListLeaveRequestsQueryDto): Promise<Page<LeaveRequest>> {
    if (query.from && query.to && query.to < query.from) throw PlatformException.validation({ to: ['to must not be before from'] });
    return this.requests.listRequestsPage(companyId, query);
  }

  async get(companyId: string, id: string): Promise<LeaveRequest> {
    const request = await this.requests.findRequest(companyId, id);
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
      const found = await this.requests.findRequest(companyId, id, manager);
      if (!found) throw new PlatformException('LEAVE_REQUEST_NOT_FOUND');
      await this.employees.lockEmployee(companyId, found.employeeId, manager);
      const request = await this.requests.findRequest(companyId, id, manager);
      if (!request) throw new PlatformException('LEAVE_REQUEST_NOT_FOUND');
      const cancellingApproved = decision === 'cancel' && request.status === 'approved' && request.startDate > todayIso();
      if (decision === 'approve' && request.status === 'approved') throw new PlatformException('LEAVE_REQUEST_ALREADY_APPROVED');
      if (request.status !== 'pending' && !cancellingApproved) throw new PlatformException('LEAVE_REQUEST_NOT_PENDING', { params: { status: request.status } });

      request.status = decision === 'approve' ? 'approved' : decision === 'reject' ? 'rejected' : 'cancelled';
      request.decidedAt = new Date();
      const updatedAt = await this.requests.updateRequest(companyId, id, { status: request.status, decidedAt: request.decidedAt }, manager);
      const saved = Object.assign(request, { updatedAt: updatedAt ?? request.updatedAt });
      if (decision === 'approve') await this.outbox.record(manager, companyId, 'leave_request.approved', saved);
      if (cancellingApproved) await this.outbox.record(manager, companyId, 'leave_request.cancelled', saved);
      return saved;
    });
  }

  async balances(companyId: string, employeeId: string, year: number): Promise<LeaveBalanceView[]> {
    if (!(await this.employees.employeeExists(companyId, employeeId))) throw new PlatformException(EMPLOYEE_NOT_FOUND);
    const types = await this.types.typesByName(companyId);
    const booked = await this.requests.bookedLeave(companyId, employeeId, { start: `${year}-01-01`, end: `${year}-12-31` });
    return types.map((type) => ({
      leaveTypeId: type.id,
      name: type.name,
      paid: type.paid,
      ...yearBalance(type.annualAllowanceDays, booked.filter((request) => request.leaveTypeId === type.id).map(bookedOf), year),
    }));
  }
}

function spanOf(request: LeaveRequest) {
  return { start: request.startDate, end: request.endDate, startHalfDay: request.startHalfDay, endHalfDay: request.endHalfDay };
}

function bookedOf(request: LeaveRequest): BookedLeave {
  return { ...spanOf(request), status: request.status as BookedLeave['status'] };
}
