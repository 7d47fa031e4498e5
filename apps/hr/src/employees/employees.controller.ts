import { RouteSchema } from '@nestjs/platform-fastify';
import { Body, Controller, Get, Headers, HttpCode, Param, ParseUUIDPipe, Patch, Post, Query, Res } from '@nestjs/common';
import { ApiBody, ApiExtraModels, ApiOperation } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import {
  ApiEnvelope,
  ApiErrors,
  ApiTag,
  Authenticated,
  BodyLimit,
  negotiateLanguage,
  pageResponseSchema,
  PlatformException,
  Tenant,
  TenantContext,
} from '@platform/pipeline';
import { EMPLOYEE_NOT_FOUND } from '@platform/contracts';
import { ApiIdParam } from '../shared/validation';
import {
  BankPayout,
  BULK_EMPLOYEES_BODY_BYTES,
  BulkEmployeesDto,
  CreateEmployeeDto,
  ListEmployeesQueryDto,
  MAX_BULK_EMPLOYEES,
  MobileMoneyPayout,
  UpdateEmployeeDto,
} from './dto/employee.dto';
import { BulkEmployeesView, EmployeeView } from './dto/employees-views.dto';
import { Employee } from './employee.entity';
import { EmployeesBulkService } from './employees-bulk.service';
import { EmployeesService } from './employees.service';

/** A malformed id cannot name an employee: same answer as a missing one. */
export const employeeId = new ParseUUIDPipe({ exceptionFactory: () => new PlatformException(EMPLOYEE_NOT_FOUND) });

/** Lists are hot: serialized by a compiled serializer from the entity's own column declarations. */
const EMPLOYEE_PAGE_SCHEMA = pageResponseSchema(Employee);

const NEW_EMPLOYEE = {
  externalId: 'EMP-0042',
  firstName: 'Amina',
  lastName: 'Nkemelu',
  email: 'amina.nkemelu@example.cm',
  hireDate: '2024-03-01',
  jobTitle: 'Accountant',
  department: 'Finance',
  status: 'active',
};

@ApiTag('Employees', 'The company’s employees: the source of employee truth for payroll, pay and notifications. POST creates or syncs by externalId.')
@ApiExtraModels(BankPayout, MobileMoneyPayout)
@Controller('employees')
export class EmployeesController {
  constructor(
    private readonly employees: EmployeesService,
    private readonly bulk: EmployeesBulkService,
  ) {}

  @Post()
  @HttpCode(201)
  @Authenticated('hr:write')
  @ApiOperation({
    summary: 'Create or sync an employee',
    description: 'Creates the employee, or, when the company already has one with this `externalId`, applies the fields sent to it.',
  })
  @ApiBody({
    type: CreateEmployeeDto,
    examples: {
      mobileMoney: {
        summary: 'Paid by mobile money',
        value: { ...NEW_EMPLOYEE, phone: '+237677123456', payout: { method: 'mobile_money', provider: 'mtn_momo', phoneNumber: '+237677123456' } },
      },
      bank: {
        summary: 'Paid into a bank account',
        value: {
          ...NEW_EMPLOYEE,
          payout: {
            method: 'bank',
            bankName: 'Afriland First Bank',
            bankCode: '10005',
            accountNumber: '10005000010123456789012',
            accountHolder: 'Amina Nkemelu',
          },
        },
      },
    },
  })
  @ApiEnvelope(201, EmployeeView, 'Employee created.')
  @ApiEnvelope(200, EmployeeView, 'An employee with this externalId existed in the company and was synchronized (same id).')
  async createOrSync(@Tenant() tenant: TenantContext, @Body() body: CreateEmployeeDto, @Res({ passthrough: true }) reply: FastifyReply) {
    const { employee, created } = await this.employees.createOrSync(tenant.companyId, body);
    if (!created) void reply.status(200);
    return employee;
  }

  @Post('bulk')
  @HttpCode(200)
  @BodyLimit(BULK_EMPLOYEES_BODY_BYTES)
  @Authenticated('hr:write')
  @ApiOperation({
    summary: 'Create or sync employees in bulk',
    description:
      `Up to ${MAX_BULK_EMPLOYEES} employees, each as POST /employees takes it, created or synced by \`externalId\` in one transaction. ` +
      'Each item is checked on its own: an invalid item fails alone (`status: failed` with the error envelope POST /employees would answer), the others are written. ' +
      'The answer is 200 whenever the list could be read, with one result per item in the order sent; only a body that is not such a list (not an array, more than ' +
      `${MAX_BULK_EMPLOYEES} items, past the body limits) is refused whole with 400, and a body over ${BULK_EMPLOYEES_BODY_BYTES / 1024 / 1024} MiB with 413. Sending the same items again changes nothing (\`unchanged\`). ` +
      'Emits employee.created, employee.updated and employee.terminated as the single POST does.',
  })
  @ApiBody({
    type: BulkEmployeesDto,
    examples: {
      two: {
        summary: 'Two employees',
        value: { items: [NEW_EMPLOYEE, { ...NEW_EMPLOYEE, externalId: 'EMP-0043', firstName: 'Paul', email: 'paul.nkemelu@example.cm' }] },
      },
    },
  })
  @ApiEnvelope(200, BulkEmployeesView, 'What became of each item, and how many of each outcome.')
  upsertMany(@Tenant() tenant: TenantContext, @Body() body: BulkEmployeesDto, @Headers('accept-language') acceptLanguage?: string) {
    return this.bulk.upsert(tenant.companyId, body.items, negotiateLanguage(acceptLanguage));
  }

  @Get()
  @Authenticated('hr:read')
  @RouteSchema(EMPLOYEE_PAGE_SCHEMA)
  @ApiOperation({ summary: 'List employees' })
  @ApiEnvelope(200, EmployeeView, 'The company’s employees, oldest first.', { page: true })
  list(@Tenant() tenant: TenantContext, @Query() query: ListEmployeesQueryDto) {
    return this.employees.list(tenant.companyId, query);
  }

  @Get(':id')
  @Authenticated('hr:read')
  @ApiIdParam('employee')
  @ApiOperation({ summary: 'Get an employee' })
  @ApiEnvelope(200, EmployeeView, 'The employee.')
  @ApiErrors(EMPLOYEE_NOT_FOUND)
  get(@Tenant() tenant: TenantContext, @Param('id', employeeId) id: string) {
    return this.employees.get(tenant.companyId, id);
  }

  @Patch(':id')
  @Authenticated('hr:write')
  @ApiIdParam('employee')
  @ApiOperation({ summary: 'Update an employee', description: 'Changes only the fields sent.' })
  @ApiEnvelope(200, EmployeeView, 'The employee after the change.')
  @ApiErrors(EMPLOYEE_NOT_FOUND, 'EMPLOYEE_EXTERNAL_ID_CONFLICT')
  update(@Tenant() tenant: TenantContext, @Param('id', employeeId) id: string, @Body() body: UpdateEmployeeDto) {
    return this.employees.update(tenant.companyId, id, body);
  }
}
