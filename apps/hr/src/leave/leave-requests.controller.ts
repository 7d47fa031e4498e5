import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Post, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Authenticated, PlatformException, Tenant, TenantContext } from '@platform/common';
import { employeeId } from '../employees/employees.controller';
import { todayIso } from '../shared/dates';
import { CreateLeaveRequestDto, LeaveBalancesQueryDto, LeaveBalanceView, ListLeaveRequestsQueryDto } from './dto/leave.dto';
import { LeaveRequestsService } from './leave-requests.service';

const leaveRequestId = new ParseUUIDPipe({ exceptionFactory: () => new PlatformException('LEAVE_REQUEST_NOT_FOUND') });

@ApiTags('Leave')
@Controller('leave-requests')
export class LeaveRequestsController {
  constructor(private readonly requests: LeaveRequestsService) {}

  @Post()
  @HttpCode(201)
  @Authenticated('hr:write')
  @ApiCreatedResponse({ description: 'Leave requested (pending); `days` counts working days, Mon–Fri, in halves.' })
  @ApiBadRequestResponse({ description: 'VALIDATION_FAILED, LEAVE_NO_WORKING_DAYS, LEAVE_BALANCE_INSUFFICIENT (`details`: year, available, requested)' })
  @ApiNotFoundResponse({ description: 'USER_NOT_FOUND, LEAVE_TYPE_NOT_FOUND' })
  @ApiConflictResponse({ description: 'LEAVE_REQUEST_OVERLAP: a pending or approved request of the employee overlaps' })
  create(@Tenant() tenant: TenantContext, @Body() body: CreateLeaveRequestDto) {
    return this.requests.create(tenant.companyId, body);
  }

  @Get()
  @Authenticated('hr:read')
  @ApiOkResponse({ description: '`data`: `{ items, page, limit, total }`, by startDate' })
  list(@Tenant() tenant: TenantContext, @Query() query: ListLeaveRequestsQueryDto) {
    return this.requests.list(tenant.companyId, query);
  }

  @Get(':id')
  @Authenticated('hr:read')
  @ApiOkResponse({ description: 'The leave request.' })
  @ApiNotFoundResponse({ description: 'LEAVE_REQUEST_NOT_FOUND' })
  get(@Tenant() tenant: TenantContext, @Param('id', leaveRequestId) id: string) {
    return this.requests.get(tenant.companyId, id);
  }

  @Post(':id/approve')
  @HttpCode(200)
  @Authenticated('hr:write')
  @ApiOkResponse({ description: 'Approved.' })
  @ApiConflictResponse({ description: 'LEAVE_REQUEST_ALREADY_APPROVED, LEAVE_REQUEST_NOT_PENDING' })
  approve(@Tenant() tenant: TenantContext, @Param('id', leaveRequestId) id: string) {
    return this.requests.decide(tenant.companyId, id, 'approve');
  }

  @Post(':id/reject')
  @HttpCode(200)
  @Authenticated('hr:write')
  @ApiOkResponse({ description: 'Rejected.' })
  @ApiConflictResponse({ description: 'LEAVE_REQUEST_NOT_PENDING' })
  reject(@Tenant() tenant: TenantContext, @Param('id', leaveRequestId) id: string) {
    return this.requests.decide(tenant.companyId, id, 'reject');
  }

  @Post(':id/cancel')
  @HttpCode(200)
  @Authenticated('hr:write')
  @ApiOkResponse({ description: 'Cancelled: a pending request, or an approved one whose startDate is still in the future.' })
  @ApiConflictResponse({ description: 'LEAVE_REQUEST_NOT_PENDING' })
  cancel(@Tenant() tenant: TenantContext, @Param('id', leaveRequestId) id: string) {
    return this.requests.decide(tenant.companyId, id, 'cancel');
  }
}

@ApiTags('Leave')
@Controller('employees')
export class LeaveBalancesController {
  constructor(private readonly requests: LeaveRequestsService) {}

  @Get(':id/leave-balances')
  @Authenticated('hr:read')
  @ApiOkResponse({ type: [LeaveBalanceView], description: 'One entry per leave type of the company, by name.' })
  @ApiNotFoundResponse({ description: 'USER_NOT_FOUND' })
  balances(@Tenant() tenant: TenantContext, @Param('id', employeeId) id: string, @Query() query: LeaveBalancesQueryDto) {
    return this.requests.balances(tenant.companyId, id, query.year ?? Number(todayIso().slice(0, 4)));
  }
}
