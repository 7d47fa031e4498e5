import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Patch, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiParam } from '@nestjs/swagger';
import { ApiEnvelope, ApiErrors, ApiTag, Authenticated, PageQueryDto, PlatformException, Tenant, TenantContext } from '@platform/pipeline';
import { EMPLOYEE_NOT_FOUND } from '@platform/contracts';
import { PostingsService } from '../accounting/postings.service';
import { RunPaymentsService } from '../payments/run-payments.service';
import { PayRunDto } from './dto/pay-run.dto';
import { CreateRunDto, ListRunsQueryDto, UpdateRunDto } from './dto/run.dto';
import { PayRunResultView, PayrollRunView, PayslipView, PostingsView } from './dto/run-views.dto';
import { RunsService } from './runs.service';

const runId = new ParseUUIDPipe({ exceptionFactory: () => new PlatformException('PAYROLL_RUN_NOT_FOUND') });
/** The run id: anything but a uuid is PAYROLL_RUN_NOT_FOUND. */
const RunIdParam = () => ApiParam({ name: 'id', format: 'uuid', description: 'The payroll run' });
const RECALCULATION = 'The payslips are recalculated from HR’s current employees, contracts and approved unpaid leave.';

@ApiTag(
  'Payroll runs',
  'Monthly payroll runs calculated from HR’s employees, contracts and unpaid leave under the country’s statutory rules: draft, approve, pay through Pay, post to Books.',
)
@Controller('runs')
export class RunsController {
  constructor(
    private readonly runs: RunsService,
    private readonly payments: RunPaymentsService,
    private readonly postings: PostingsService,
  ) {}

  @Post()
  @Authenticated('payroll:write')
  @ApiOperation({
    summary: 'Create a draft run',
    description:
      'USER_NOT_FOUND names in `details.employeeIds` the ids that are not employees of the company; VALIDATION_FAILED lists under `errors.employeeIds` the employees without a monthly contract in force. ' +
      'Nothing is written then, nor when HR does not answer (UPSTREAM_UNAVAILABLE).',
  })
  @ApiEnvelope(201, PayrollRunView, 'A draft run with one payslip per employee with a contract in force, calculated from HR’s data.')
  @ApiErrors(EMPLOYEE_NOT_FOUND, 'PAYROLL_NO_ELIGIBLE_EMPLOYEES', 'PAYROLL_RULES_UNAVAILABLE')
  create(@Tenant() tenant: TenantContext, @Body() body: CreateRunDto) {
    return this.runs.create(tenant.companyId, body);
  }

  @Get()
  @Authenticated('payroll:read')
  @ApiOperation({ summary: 'List payroll runs' })
  @ApiEnvelope(200, PayrollRunView, 'The company’s runs, newest first.', { page: true })
  list(@Tenant() tenant: TenantContext, @Query() query: ListRunsQueryDto) {
    return this.runs.list(tenant.companyId, query);
  }

  @Get(':id')
  @Authenticated('payroll:read')
  @ApiOperation({ summary: 'Get a payroll run' })
  @RunIdParam()
  @ApiEnvelope(200, PayrollRunView, 'The run with its totals.')
  @ApiErrors('PAYROLL_RUN_NOT_FOUND')
  get(@Tenant() tenant: TenantContext, @Param('id', runId) id: string) {
    return this.runs.get(tenant.companyId, id);
  }

  @Patch(':id')
  @Authenticated('payroll:write')
  @ApiOperation({ summary: 'Change a draft run' })
  @RunIdParam()
  @ApiEnvelope(200, PayrollRunView, `The draft with its new period or employees. ${RECALCULATION}`)
  @ApiErrors('PAYROLL_RUN_NOT_FOUND', 'PAYROLL_RUN_LOCKED', EMPLOYEE_NOT_FOUND, 'PAYROLL_NO_ELIGIBLE_EMPLOYEES', 'PAYROLL_RULES_UNAVAILABLE')
  update(@Tenant() tenant: TenantContext, @Param('id', runId) id: string, @Body() body: UpdateRunDto) {
    return this.runs.update(tenant.companyId, id, body);
  }

  @Post(':id/recalculate')
  @HttpCode(200)
  @Authenticated('payroll:write')
  @ApiOperation({ summary: 'Recalculate a draft run' })
  @RunIdParam()
  @ApiEnvelope(200, PayrollRunView, `The draft, same period and employees. ${RECALCULATION}`)
  @ApiErrors('PAYROLL_RUN_NOT_FOUND', 'PAYROLL_RUN_LOCKED', EMPLOYEE_NOT_FOUND, 'PAYROLL_NO_ELIGIBLE_EMPLOYEES', 'PAYROLL_RULES_UNAVAILABLE')
  recalculate(@Tenant() tenant: TenantContext, @Param('id', runId) id: string) {
    return this.runs.update(tenant.companyId, id, {});
  }

  @Get(':id/payslips')
  @Authenticated('payroll:read')
  @ApiOperation({ summary: 'List a run’s payslips' })
  @RunIdParam()
  @ApiEnvelope(200, PayslipView, 'One payslip per employee, by name, with every earning, deduction and employer contribution, and its payment.', { page: true })
  @ApiErrors('PAYROLL_RUN_NOT_FOUND')
  payslips(@Tenant() tenant: TenantContext, @Param('id', runId) id: string, @Query() query: PageQueryDto) {
    return this.runs.listPayslips(tenant.companyId, id, query);
  }

  @Post(':id/approve')
  @HttpCode(200)
  @Authenticated('payroll:write')
  @ApiOperation({
    summary: 'Approve a draft run',
    description:
      'PAYROLL_RUN_PERIOD_CONFLICT lists in `details.conflicts` each employee already in an approved or paid run for the month, with that run; PAYROLL_RUN_LOCKED gives the run’s `details.status`.',
  })
  @RunIdParam()
  @ApiEnvelope(200, PayrollRunView, 'Approved: the run is locked, its month is claimed for each of its employees, and its accrual is posted to Books.')
  @ApiErrors('PAYROLL_RUN_NOT_FOUND', 'PAYROLL_RUN_LOCKED', 'PAYROLL_RUN_PERIOD_CONFLICT')
  approve(@Tenant() tenant: TenantContext, @Param('id', runId) id: string) {
    return this.runs.approve(tenant.companyId, id);
  }

  @Post(':id/pay')
  @HttpCode(200)
  @Authenticated('payroll:write')
  @ApiOperation({ summary: 'Pay an approved run', description: 'PAYROLL_RUN_NOT_PAYABLE gives the run’s `details.status`.' })
  @RunIdParam()
  @ApiEnvelope(
    200,
    PayRunResultView,
    'One Pay payment per payslip, idempotent per payslip: calling again retries only what is not paid and never pays anyone twice. ' +
      'The payslips are paid in bulk, part by part: the run’s `paymentProgress` counts them as each part is recorded, and what the call paid is settled in Books by one entry. ' +
      'The run becomes paid when every payslip is. UPSTREAM_UNAVAILABLE (503) when Pay did not answer: nothing was paid or recorded.',
  )
  @ApiErrors('PAYROLL_RUN_NOT_FOUND', 'PAYROLL_RUN_NOT_PAYABLE')
  pay(@Tenant() tenant: TenantContext, @Param('id', runId) id: string, @Body() body: PayRunDto) {
    return this.payments.payRun(tenant.companyId, id, body.walletId);
  }

  @Get(':id/postings')
  @Authenticated('payroll:read')
  @ApiOperation({ summary: 'List a run’s postings to Books' })
  @RunIdParam()
  @ApiEnvelope(
    200,
    PostingsView,
    'The run’s journal entries in Books: the accrual at approval and one settlement per call that paid payslips, with their status (pending while Books is away).',
  )
  @ApiErrors('PAYROLL_RUN_NOT_FOUND')
  async postingsOf(@Tenant() tenant: TenantContext, @Param('id', runId) id: string) {
    await this.runs.get(tenant.companyId, id);
    return { items: await this.postings.list(tenant.companyId, id) };
  }

  @Post(':id/cancel')
  @HttpCode(200)
  @Authenticated('payroll:write')
  @ApiOperation({ summary: 'Cancel a run' })
  @RunIdParam()
  @ApiEnvelope(200, PayrollRunView, 'Cancelled: a draft, or an approved run whose month is released for its employees.')
  @ApiErrors('PAYROLL_RUN_NOT_FOUND', 'PAYROLL_RUN_LOCKED')
  cancel(@Tenant() tenant: TenantContext, @Param('id', runId) id: string) {
    return this.runs.cancel(tenant.companyId, id);
  }
}
