import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiConflictResponse, ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Authenticated, PageQueryDto, Tenant, TenantContext } from '@platform/common';
import { CreateLeaveTypeDto } from './dto/leave.dto';
import { LeaveTypesService } from './leave-types.service';

@ApiTags('Leave')
@Controller('leave-types')
export class LeaveTypesController {
  constructor(private readonly types: LeaveTypesService) {}

  @Post()
  @HttpCode(201)
  @Authenticated('hr:write')
  @ApiCreatedResponse({ description: 'Leave type created.' })
  @ApiConflictResponse({ description: 'LEAVE_TYPE_NAME_CONFLICT' })
  create(@Tenant() tenant: TenantContext, @Body() body: CreateLeaveTypeDto) {
    return this.types.create(tenant.companyId, body);
  }

  @Get()
  @Authenticated('hr:read')
  @ApiOkResponse({ description: '`data`: `{ items, page, limit, total }`' })
  list(@Tenant() tenant: TenantContext, @Query() query: PageQueryDto) {
    return this.types.list(tenant.companyId, query);
  }
}
