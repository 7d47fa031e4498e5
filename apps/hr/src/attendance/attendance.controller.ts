import { Body, Controller, Get, HttpCode, Post, Query, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiCreatedResponse, ApiExtraModels, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Authenticated, Tenant, TenantContext } from '@platform/common';
import { AttendanceService } from './attendance.service';
import { AttendanceRangeQueryDto, AttendanceRecordView, AttendanceSummaryView, RecordAttendanceDto } from './dto/attendance.dto';

@ApiTags('Attendance')
@ApiExtraModels(AttendanceRecordView, AttendanceSummaryView)
@Controller('attendance')
export class AttendanceController {
  constructor(private readonly attendance: AttendanceService) {}

  @Post()
  @HttpCode(201)
  @Authenticated('hr:write')
  @ApiCreatedResponse({ type: AttendanceRecordView, description: 'First record of the employee on this date.' })
  @ApiOkResponse({ type: AttendanceRecordView, description: 'The date was already recorded: the fields sent were applied over it.' })
  @ApiBadRequestResponse({ description: 'VALIDATION_FAILED' })
  @ApiNotFoundResponse({ description: 'USER_NOT_FOUND' })
  async record(@Tenant() tenant: TenantContext, @Body() body: RecordAttendanceDto, @Res({ passthrough: true }) reply: FastifyReply) {
    const { record, created } = await this.attendance.record(tenant.companyId, body);
    if (!created) void reply.status(200);
    return record;
  }

  @Get()
  @Authenticated('hr:read')
  @ApiOkResponse({ description: '`data`: `{ items: AttendanceRecordView[], page, limit, total }`, by date' })
  @ApiBadRequestResponse({ description: 'ATTENDANCE_INVALID_DATE_RANGE (`details.reason`)' })
  list(@Tenant() tenant: TenantContext, @Query() query: AttendanceRangeQueryDto) {
    return this.attendance.list(tenant.companyId, query);
  }

  @Get('summary')
  @Authenticated('hr:read')
  @ApiOkResponse({ description: '`data`: `{ items: AttendanceSummaryView[], page, limit, total }`, paginated by employee' })
  @ApiBadRequestResponse({ description: 'ATTENDANCE_INVALID_DATE_RANGE (`details.reason`)' })
  @ApiNotFoundResponse({ description: 'USER_NOT_FOUND (employeeId given)' })
  summary(@Tenant() tenant: TenantContext, @Query() query: AttendanceRangeQueryDto) {
    return this.attendance.summary(tenant.companyId, query);
  }
}
