import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Post, Query } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { ApiEnvelope, ApiErrors, ApiTag, Authenticated, PlatformException, Tenant, TenantContext } from '@platform/pipeline';
import { EMPLOYEE_NOT_FOUND } from '@platform/contracts';
import { employeeId } from '../employees/employees.controller';
import { todayIso } from '../shared/dates';
import { ApiIdParam } from '../shared/validation';
import { CreateLeaveRequestDto, LeaveBalancesQueryDto, ListLeaveRequestsQueryDto } from './dto/leave.dto';
import { LeaveBalanceView, LeaveRequestView } from './dto/leave-views.dto';
import { LeaveRequestsService } from './leave-requests.service';

/** The one description of the Leave tag, which three controllers share. */
export const LEAVE_TAG = 'Leave types, leave requests (pending → approved, rejected or cancelled) counted in working days with halves, and yearly balances.';

const leaveRequestId = new ParseUUIDPipe({ exceptionFactory: () => new PlatformException('LEAVE_REQUEST_NOT_FOUND') });

@ApiTag('Leave', LEAVE_TAG)
@Controller('leave-requests')
export class LeaveRequestsController {
  constructor(private readonly requests: LeaveRequestsService) {}

  @Post()
  @HttpCode(201)
  @Authenticated('hr:write')
  @ApiOperation({
    summary: 'Request leave',
    description:
      '`days` counts working days, Mon–Fri, in halves. A paid type’s days must fit the year’s balance (LEAVE_BALANCE_INSUFFICIENT, `details`: year, available, requested); ' +
      'a pending or approved request of the employee may not overlap (LEAVE_REQUEST_OVERLAP, `details`: the other request).',
  })
  @ApiEnvelope(201, LeaveRequestView, 'Leave requested (pending).')
  @ApiErrors('LEAVE_NO_WORKING_DAYS', 'LEAVE_BALANCE_INSUFFICIENT', EMPLOYEE_NOT_FOUND, 'LEAVE_TYPE_NOT_FOUND', 'LEAVE_REQUEST_OVERLAP')
  create(@Tenant() tenant: TenantContext, @Body() body: CreateLeaveRequestDto) {
    return this.requests.create(tenant.companyId, body);
  }

  @Get()
  @Authenticated('hr:read')
  @ApiOperation({ summary: 'List leave requests' })
  @ApiEnvelope(200, LeaveRequestView, 'The company’s leave requests, by startDate.', { page: true })
  list(@Tenant() tenant: TenantContext, @Query() query: ListLeaveRequestsQueryDto) {
    return this.requests.list(tenant.companyId, query);
  }

  @Get(':id')
  @Authenticated('hr:read')
  @ApiIdParam('leave request')
  @ApiOperation({ summary: 'Get a leave request' })
  @ApiEnvelope(200, LeaveRequestView, 'The leave request.')
  @ApiErrors('LEAVE_REQUEST_NOT_FOUND')
  get(@Tenant() tenant: TenantContext, @Param('id', leaveRequestId) id: string) {
    return this.requests.get(tenant.companyId, id);
  }

  @Post(':id/approve')
  @HttpCode(200)
  @Authenticated('hr:write')
  @ApiIdParam('leave request')
  @ApiOperation({ summary: 'Approve a leave request' })
  @ApiEnvelope(200, LeaveRequestView, 'Approved.')
  @ApiErrors('LEAVE_REQUEST_NOT_FOUND', 'LEAVE_REQUEST_ALREADY_APPROVED', 'LEAVE_REQUEST_NOT_PENDING')
  approve(@Tenant() tenant: TenantContext, @Param('id', leaveRequestId) id: string) {
    return this.requests.decide(tenant.companyId, id, 'approve');
  }

  @Post(':id/reject')
  @HttpCode(200)
  @Authenticated('hr:write')
  @ApiIdParam('leave request')
  @ApiOperation({ summary: 'Reject a leave request' })
  @ApiEnvelope(200, LeaveRequestView, 'Rejected.')
  @ApiErrors('LEAVE_REQUEST_NOT_FOUND', 'LEAVE_REQUEST_NOT_PENDING')
  reject(@Tenant() tenant: TenantContext, @Param('id', leaveRequestId) id: string) {
    return this.requests.decide(tenant.companyId, id, 'reject');
  }

  @Post(':id/cancel')
  @HttpCode(200)
  @Authenticated('hr:write')
  @ApiIdParam('leave request')
  @ApiOperation({ summary: 'Cancel a leave request' })
  @ApiEnvelope(200, LeaveRequestView, 'Cancelled: a pending request, or an approved one whose startDate is still in the future.')
  @ApiErrors('LEAVE_REQUEST_NOT_FOUND', 'LEAVE_REQUEST_NOT_PENDING')
  cancel(@Tenant() tenant: TenantContext, @Param('id', leaveRequestId) id: string) {
    return this.requests.decide(tenant.companyId, id, 'cancel');
  }
}

@ApiTag('Leave', LEAVE_TAG)
@Controller('employees')
export class LeaveBalancesController {
  constructor(private readonly requests: LeaveRequestsService) {}

  @Get(':id/leave-balances')
  @Authenticated('hr:read')
  @ApiIdParam('employee')
  @ApiOperation({ summary: 'Get an employee’s leave balances' })
  @ApiEnvelope(200, LeaveBalanceView, 'One entry per leave type of the company, by name.', { isArray: true })
  @ApiErrors(EMPLOYEE_NOT_FOUND)
  balances(@Tenant() tenant: TenantContext, @Param('id', employeeId) id: string, @Query() query: LeaveBalancesQueryDto) {
    return this.requests.balances(tenant.companyId, id, query.year ?? Number(todayIso().slice(0, 4)));
  }
}
