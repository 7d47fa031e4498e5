import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Between, Brackets, DataSource, EntityManager, In } from 'typeorm';
import { Page, PageOnlyQueryDto, PageQueryDto } from '@platform/pipeline';
import { findPage, QuerySample, SAMPLE } from '@platform/data';
import { Employee } from '../employees/employee.entity';
import { LeaveRequest } from '../leave/leave-request.entity';
import { DateRange } from '../shared/dates';
import { AttendanceRecord } from './attendance-record.entity';

/** What a record says of a day (the company, the employee and the date aside). */
export type AttendanceFields = Pick<AttendanceRecord, 'status' | 'checkIn' | 'checkOut'>;

const RANGE: DateRange = { start: '2026-04-01', end: '2026-04-30' };

/** Attendance records (`attendance_records`), and what the attendance summary reads of employees and their approved leave. */
@Injectable()
export class AttendanceRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @QuerySample([SAMPLE.companyId, SAMPLE.otherId, SAMPLE.date, SAMPLE.tx])
  findRecord(companyId: string, employeeId: string, date: string, manager: EntityManager): Promise<AttendanceRecord | null> {
    return manager.findOneBy(AttendanceRecord, { companyId, employeeId, date });
  }

  @QuerySample([SAMPLE.companyId, SAMPLE.otherId, SAMPLE.date, { status: 'present' as const, checkIn: new Date(0), checkOut: null }, SAMPLE.tx])
  insertRecord(companyId: string, employeeId: string, date: string, fields: AttendanceFields, manager: EntityManager): Promise<AttendanceRecord> {
    return manager.save(Object.assign(manager.create(AttendanceRecord, { companyId, employeeId, date }), fields));
  }

  /** Sets the fields on the company's record; answers its new updatedAt (null when no such record). */
  @QuerySample([SAMPLE.companyId, SAMPLE.id, { checkOut: new Date(0) }, SAMPLE.tx])
  async updateRecord(companyId: string, id: string, changes: Partial<AttendanceFields>, manager: EntityManager): Promise<Date | null> {
    const result = await manager
      .createQueryBuilder()
      .update(AttendanceRecord)
      .set(changes)
      .where('id = :id AND company_id = :companyId', { id, companyId })
      .returning(['updatedAt'])
      .execute();
    return (result.raw as { updated_at: Date }[])[0]?.updated_at ?? null;
  }

  /** The company's records of the range (one employee's when given), by date then employee. */
  @QuerySample([SAMPLE.companyId, RANGE, undefined, { page: 2, limit: 20 }])
  @QuerySample([SAMPLE.companyId, RANGE, SAMPLE.otherId, { page: 2, limit: 20 }], 'by employee')
  @QuerySample([SAMPLE.companyId, RANGE, undefined, { cursor: SAMPLE.cursor, limit: 20 }], 'after a cursor')
  @QuerySample([SAMPLE.companyId, RANGE, SAMPLE.otherId, { cursor: SAMPLE.cursor, limit: 20 }], 'by employee, after a cursor')
  listRecordsPage(companyId: string, range: DateRange, employeeId: string | undefined, query: PageQueryDto): Promise<Page<AttendanceRecord>> {
    const builder = this.dataSource
      .getRepository(AttendanceRecord)
      .createQueryBuilder('record')
      .where('record.companyId = :companyId AND record.date BETWEEN :start AND :end', { companyId, ...range });
    if (employeeId) builder.andWhere('record.employeeId = :employeeId', { employeeId });
    builder.orderBy('record.date', 'ASC').addOrderBy('record.employeeId', 'ASC');
    return findPage(builder, query);
  }

  /**
   * A page of the employees a summary covers, by name: the one asked for, or the company's
   * employees employed during the range (hired by its end, not terminated before its start).
   */
  @QuerySample([SAMPLE.companyId, RANGE, undefined, { page: 2, limit: 20 }])
  @QuerySample([SAMPLE.companyId, RANGE, SAMPLE.otherId, { page: 2, limit: 20 }], 'one employee')
  listEmployeesPage(companyId: string, range: DateRange, employeeId: string | undefined, query: PageOnlyQueryDto): Promise<Page<Employee>> {
    const builder = this.dataSource
      .getRepository(Employee)
      .createQueryBuilder('employee')
      .where('employee.companyId = :companyId', { companyId })
      .orderBy('employee.lastName', 'ASC')
      .addOrderBy('employee.firstName', 'ASC')
      .addOrderBy('employee.id', 'ASC');
    if (employeeId) builder.andWhere('employee.id = :employeeId', { employeeId });
    else {
      builder
        .andWhere('employee.hireDate <= :end', range)
        .andWhere(new Brackets((employed) => employed.where('employee.terminationDate IS NULL').orWhere('employee.terminationDate >= :start', range)));
    }
    return findPage(builder, query);
  }

  /** The employees' records of the range. */
  @QuerySample([SAMPLE.companyId, [SAMPLE.id, SAMPLE.otherId], RANGE])
  recordsOf(companyId: string, employeeIds: string[], range: DateRange): Promise<AttendanceRecord[]> {
    return this.dataSource.getRepository(AttendanceRecord).findBy({ companyId, employeeId: In(employeeIds), date: Between(range.start, range.end) });
  }

  /** The employees' approved leave touching the range. */
  @QuerySample([SAMPLE.companyId, [SAMPLE.id, SAMPLE.otherId], RANGE])
  approvedLeaveOf(companyId: string, employeeIds: string[], range: DateRange): Promise<LeaveRequest[]> {
    return this.dataSource
      .getRepository(LeaveRequest)
      .createQueryBuilder('request')
      .where('request.companyId = :companyId AND request.employeeId IN (:...ids)', { companyId, ids: employeeIds })
      .andWhere("request.status = 'approved' AND request.startDate <= :end AND request.endDate >= :start", range)
      .getMany();
  }
}
