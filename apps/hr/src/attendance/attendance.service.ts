import { Injectable } from '@nestjs/common';
import { FieldErrors, isDateOnly, Page, PlatformException } from '@platform/pipeline';
import { Transactions } from '@platform/data';
import { EMPLOYEE_NOT_FOUND } from '@platform/contracts';
import { Employee } from '../employees/employee.entity';
import { EmployeesRepository } from '../employees/employees.repository';
import { LeaveRequest } from '../leave/leave-request.entity';
import { changedFields } from '../shared/changes';
import { calendarDays, DateRange, eachDate, isWorkingDay, leaveDaysByDate } from '../shared/dates';
import { AttendanceRecord, AttendanceStatus, WORKING_STATUSES } from './attendance-record.entity';
import { AttendanceFields, AttendanceRepository } from './attendance.repository';
import { exactWorkedHours, roundHours, toInstant, workedHours, writtenDate } from './attendance-time';
import { AttendanceRangeDto, AttendanceRangeQueryDto, AttendanceSummaryQueryDto, RecordAttendanceDto } from './dto/attendance.dto';
import { AttendanceDayView, AttendanceRecordView, AttendanceSummaryView } from './dto/attendance-views.dto';

const MAX_RANGE_DAYS = 366;
const MAX_SHIFT_HOURS = 24;

@Injectable()
export class AttendanceService {
  constructor(
    private readonly records: AttendanceRepository,
    private readonly employees: EmployeesRepository,
    private readonly transactions: Transactions,
  ) {}

  /**
   * One record per employee and date: a second POST for the same date updates it, with the
   * fields sent over the stored ones (so a check-out can follow the check-in). Times need
   * status present or remote; a status alone marks the whole day.
   */
  record(companyId: string, input: RecordAttendanceDto): Promise<{ record: AttendanceRecordView; created: boolean }> {
    return this.transactions.run(async (manager) => {
      // The employee lock also serializes two first records of one date.
      if (!(await this.employees.lockEmployee(companyId, input.employeeId, manager))) throw new PlatformException(EMPLOYEE_NOT_FOUND);
      const existing = await this.records.findRecord(companyId, input.employeeId, input.date, manager);
      const checkIn = input.checkIn === undefined ? (existing?.checkIn ?? null) : input.checkIn && toInstant(input.date, input.checkIn);
      const checkOut = input.checkOut === undefined ? (existing?.checkOut ?? null) : input.checkOut && toInstant(input.date, input.checkOut);
      const timed = checkIn !== null || checkOut !== null;
      const status: AttendanceStatus | undefined =
        input.status ?? (timed ? (existing && WORKING_STATUSES.includes(existing.status) ? existing.status : 'present') : existing?.status);

      const errors: FieldErrors = {};
      if (!status) errors.status = ['send checkIn/checkOut or a status'];
      else if (timed && !WORKING_STATUSES.includes(status)) errors.status = [`check-in/check-out times go only with status present or remote, not ${status}`];
      if (input.checkIn && writtenDate(input.date, input.checkIn) !== input.date) errors.checkIn = ['checkIn must be on date'];
      if (checkOut && !checkIn) errors.checkOut = ['checkOut needs a checkIn'];
      if (checkIn && checkOut && checkOut <= checkIn) errors.checkOut = ['checkOut must be after checkIn'];
      if (checkIn && checkOut && checkOut.getTime() - checkIn.getTime() > MAX_SHIFT_HOURS * 3_600_000)
        errors.checkOut = [`a shift lasts at most ${MAX_SHIFT_HOURS} hours`];
      if (Object.keys(errors).length) throw PlatformException.validation(errors);

      // a time is never empty (IsAttendanceTime): checkIn and checkOut are instants or null
      const fields: AttendanceFields = { status: status!, checkIn: checkIn as Date | null, checkOut: checkOut as Date | null };
      if (!existing) return { record: view(await this.records.insertRecord(companyId, input.employeeId, input.date, fields, manager)), created: true };
      const changes = changedFields(existing, fields, ['status', 'checkIn', 'checkOut']);
      const updatedAt = Object.keys(changes).length ? await this.records.updateRecord(companyId, existing.id, changes, manager) : null;
      return { record: view(Object.assign(existing, fields, { updatedAt: updatedAt ?? existing.updatedAt })), created: false };
    });
  }

  async list(companyId: string, query: AttendanceRangeQueryDto): Promise<Page<AttendanceRecordView>> {
    const page = await this.records.listRecordsPage(companyId, checkedRange(query), query.employeeId, query);
    return { ...page, items: page.items.map(view) };
  }

  /**
   * Per employee, every date of the range. Without employeeId: the company's employees
   * employed during the range (hired by its end, not terminated before its start), paginated.
   */
  async summary(companyId: string, query: AttendanceSummaryQueryDto): Promise<Page<AttendanceSummaryView>> {
    const range = checkedRange(query);
    const page = await this.records.listEmployeesPage(companyId, range, query.employeeId, query);
    if (query.employeeId && !page.items.length) throw new PlatformException(EMPLOYEE_NOT_FOUND);
    return { ...page, items: page.items.length ? await this.summaries(companyId, page.items, range) : [] };
  }

  /** Each employee's days of the range: attendance records and approved leave. */
  private async summaries(companyId: string, employees: Employee[], range: DateRange): Promise<AttendanceSummaryView[]> {
    const ids = employees.map((employee) => employee.id);
    const records = await this.records.recordsOf(companyId, ids, range);
    const leave = await this.records.approvedLeaveOf(companyId, ids, range);
    const dates = eachDate(range);
    return employees.map((employee) =>
      summarize(
        employee.id,
        dates,
        records.filter((record) => record.employeeId === employee.id),
        leave.filter((request) => request.employeeId === employee.id),
        range,
      ),
    );
  }
}

function summarize(employeeId: string, dates: string[], records: AttendanceRecord[], leave: LeaveRequest[], range: DateRange): AttendanceSummaryView {
  const byDate = new Map(records.map((record) => [record.date, record]));
  const leaveByDate = new Map<string, number>();
  for (const request of leave) {
    const span = { start: request.startDate, end: request.endDate, startHalfDay: request.startHalfDay, endHalfDay: request.endHalfDay };
    for (const [date, days] of leaveDaysByDate(span, range)) leaveByDate.set(date, (leaveByDate.get(date) ?? 0) + days);
  }
  let worked = 0;
  let daysPresent = 0;
  let daysOnLeave = 0;
  const days: AttendanceDayView[] = dates.map((date) => {
    const record = byDate.get(date);
    const hours = record ? exactWorkedHours(record) : 0;
    const leaveDays = leaveByDate.get(date) ?? 0;
    worked += hours;
    daysOnLeave += leaveDays;
    if (record && WORKING_STATUSES.includes(record.status)) daysPresent++;
    const status = record?.status ?? (leaveDays ? 'on_leave' : isWorkingDay(date) ? 'unrecorded' : 'weekend');
    return { date, status, workedHours: roundHours(hours), onLeave: leaveDays > 0 };
  });
  return { employeeId, workedHours: roundHours(worked), daysPresent, daysOnLeave, days };
}

function view(record: AttendanceRecord): AttendanceRecordView {
  return {
    id: record.id,
    employeeId: record.employeeId,
    date: record.date,
    status: record.status,
    checkIn: record.checkIn,
    checkOut: record.checkOut,
    workedHours: workedHours(record),
    updatedAt: record.updatedAt,
  };
}

/** from and to: real dates, from ≤ to, at most 366 days inclusive. */
function checkedRange(query: AttendanceRangeDto): DateRange {
  const { from, to } = query;
  let reason: string | undefined;
  if (!from || !to) reason = 'from and to are required';
  else if (!isDateOnly(from) || !isDateOnly(to)) reason = 'from and to must be valid dates as YYYY-MM-DD';
  else if (to < from) reason = 'from must not be after to';
  else if (calendarDays({ start: from, end: to }) > MAX_RANGE_DAYS) reason = `the range spans at most ${MAX_RANGE_DAYS} days`;
  if (reason) throw new PlatformException('ATTENDANCE_INVALID_DATE_RANGE', { details: { reason } });
  return { start: from!, end: to! };
}
