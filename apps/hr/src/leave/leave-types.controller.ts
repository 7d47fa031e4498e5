import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { ApiEnvelope, ApiErrors, ApiTag, Authenticated, PageQueryDto, Tenant, TenantContext } from '@platform/pipeline';
import { CreateLeaveTypeDto } from './dto/leave.dto';
import { LeaveTypeView } from './dto/leave-views.dto';
import { LEAVE_TAG } from './leave-requests.controller';
import { LeaveTypesService } from './leave-types.service';

@ApiTag('Leave', LEAVE_TAG)
@Controller('leave-types')
export class LeaveTypesController {
  constructor(private readonly types: LeaveTypesService) {}

  @Post()
  @HttpCode(201)
  @Authenticated('hr:write')
  @ApiOperation({ summary: 'Create a leave type' })
  @ApiEnvelope(201, LeaveTypeView, 'Leave type created.')
  @ApiErrors('LEAVE_TYPE_NAME_CONFLICT')
  create(@Tenant() tenant: TenantContext, @Body() body: CreateLeaveTypeDto) {
    return this.types.create(tenant.companyId, body);
  }

  @Get()
  @Authenticated('hr:read')
  @ApiOperation({ summary: 'List leave types' })
  @ApiEnvelope(200, LeaveTypeView, 'The company’s leave types, oldest first.', { page: true })
  list(@Tenant() tenant: TenantContext, @Query() query: PageQueryDto) {
    return this.types.list(tenant.companyId, query);
  }
}
