import { Body, Controller, Get, HttpCode, Post, Query, Res } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ApiEnvelope, ApiErrors, ApiTag, Authenticated, Tenant, TenantContext } from '@platform/pipeline';
import { EMPLOYEE_NOT_FOUND } from '@platform/contracts';
import { AttendanceService } from './attendance.service';
import { AttendanceRangeQueryDto, AttendanceSummaryQueryDto, RecordAttendanceDto } from './dto/attendance.dto';
import { AttendanceRecordView, AttendanceSummaryView } from './dto/attendance-views.dto';

const RANGE = '`from` and `to` are required, real dates, from ≤ to, at most 366 days (ATTENDANCE_INVALID_DATE_RANGE with `details.reason` otherwise).';

@ApiTag('Attendance', 'Check-in and check-out per employee and date, and per-employee summaries that count approved leave.')
@Controller('attendance')
export class AttendanceController {
  constructor(private readonly attendance: AttendanceService) {}

  @Post()
  @HttpCode(201)
  @Authenticated('hr:write')
  @ApiOperation({
    summary: 'Record attendance',
    description:
      'One record per employee and date: a second POST for the same date applies the fields sent over the stored ones (so a check-out can follow the check-in).',
  })
  @ApiEnvelope(201, AttendanceRecordView, 'First record of the employee on this date.')
  @ApiEnvelope(200, AttendanceRecordView, 'The date was already recorded: the fields sent were applied over it.')
  @ApiErrors(EMPLOYEE_NOT_FOUND)
  async record(@Tenant() tenant: TenantContext, @Body() body: RecordAttendanceDto, @Res({ passthrough: true }) reply: FastifyReply) {
    const { record, created } = await this.attendance.record(tenant.companyId, body);
    if (!created) void reply.status(200);
    return record;
  }

  @Get()
  @Authenticated('hr:read')
  @ApiOperation({ summary: 'List attendance records', description: RANGE })
  @ApiEnvelope(200, AttendanceRecordView, 'The records of the range, by date.', { page: true })
  @ApiErrors('ATTENDANCE_INVALID_DATE_RANGE')
  list(@Tenant() tenant: TenantContext, @Query() query: AttendanceRangeQueryDto) {
    return this.attendance.list(tenant.companyId, query);
  }

  @Get('summary')
  @Authenticated('hr:read')
  @ApiOperation({
    summary: 'Summarize attendance per employee',
    description: `${RANGE} Without employeeId: every employee employed during the range, paginated by employee.`,
  })
  @ApiEnvelope(200, AttendanceSummaryView, 'Per employee, every date of the range.', { page: true, sync: false })
  @ApiErrors('ATTENDANCE_INVALID_DATE_RANGE', EMPLOYEE_NOT_FOUND)
  summary(@Tenant() tenant: TenantContext, @Query() query: AttendanceSummaryQueryDto) {
    return this.attendance.summary(tenant.companyId, query);
  }
}
