import { RouteSchema } from '@nestjs/platform-fastify';
import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Patch, Post, Query, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Authenticated, pageResponseSchema, PlatformException, SuccessMessage, Tenant, TenantContext } from '@platform/common';
import { CreateEmployeeDto, ListEmployeesQueryDto, UpdateEmployeeDto } from './dto/employee.dto';
import { Employee } from './employee.entity';
import { EmployeesService } from './employees.service';

/** A malformed id cannot name an employee: same answer as a missing one. */
export const employeeId = new ParseUUIDPipe({ exceptionFactory: () => new PlatformException('USER_NOT_FOUND') });

/** Lists are hot: serialized by a compiled serializer from the entity's own column declarations. */
const EMPLOYEE_PAGE_SCHEMA = pageResponseSchema(Employee);

@ApiTags('Employees')
@Controller('employees')
export class EmployeesController {
  constructor(private readonly employees: EmployeesService) {}

  @Post()
  @HttpCode(201)
  @Authenticated('hr:write')
  @ApiCreatedResponse({ description: 'Employee created.' })
  @ApiOkResponse({ description: 'An employee with this externalId existed in the company and was synchronized (same id).' })
  async createOrSync(@Tenant() tenant: TenantContext, @Body() body: CreateEmployeeDto, @Res({ passthrough: true }) reply: FastifyReply) {
    const { employee, created } = await this.employees.createOrSync(tenant.companyId, body);
    if (!created) void reply.status(200);
    return employee;
  }

  @Get()
  @Authenticated('hr:read')
  @RouteSchema(EMPLOYEE_PAGE_SCHEMA)
  @ApiOkResponse({ description: '`data`: `{ items, page, limit, total }`' })
  list(@Tenant() tenant: TenantContext, @Query() query: ListEmployeesQueryDto) {
    return this.employees.list(tenant.companyId, query);
  }

  @Get(':id')
  @Authenticated('hr:read')
  @ApiNotFoundResponse({ description: 'USER_NOT_FOUND (also for another company’s employee)' })
  get(@Tenant() tenant: TenantContext, @Param('id', employeeId) id: string) {
    return this.employees.get(tenant.companyId, id);
  }

  @Patch(':id')
  @Authenticated('hr:write')
  @ApiNotFoundResponse({ description: 'USER_NOT_FOUND' })
  update(@Tenant() tenant: TenantContext, @Param('id', employeeId) id: string, @Body() body: UpdateEmployeeDto) {
    return this.employees.update(tenant.companyId, id, body);
  }
}
