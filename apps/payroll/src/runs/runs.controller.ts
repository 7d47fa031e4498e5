import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Patch, Post, Query } from '@nestjs/common';
import { ApiConflictResponse, ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { Authenticated, PageQueryDto, PlatformException, Tenant, TenantContext } from '@platform/common';
import { PostingsService } from '../accounting/postings.service';
import { RunPaymentsService } from '../payments/run-payments.service';
import { PayRunDto } from './dto/pay-run.dto';
import { CreateRunDto, ListRunsQueryDto, UpdateRunDto } from './dto/run.dto';
import { RunsService } from './runs.service';

const runId = new ParseUUIDPipe({ exceptionFactory: () => new PlatformException('PAYROLL_RUN_NOT_FOUND') });

@ApiTags('Payroll runs')
@Controller('runs')
export class RunsController {
  constructor(
    private readonly runs: RunsService,
    private readonly payments: RunPaymentsService,
    private readonly postings: PostingsService,
  ) {}

  @Post()
  @Authenticated('payroll:write')
  @ApiCreatedResponse({ description: 'A draft run with one payslip per employee with a contract in force.' })
  @ApiNotFoundResponse({ description: 'USER_NOT_FOUND: an employee id is not one of the company’s (details.employeeIds)' })
  @ApiServiceUnavailableResponse({ description: 'UPSTREAM_UNAVAILABLE: HR did not answer; nothing was written' })
  create(@Tenant() tenant: TenantContext, @Body() body: CreateRunDto) {
    return this.runs.create(tenant.companyId, body);
  }

  @Get()
  @Authenticated('payroll:read')
  list(@Tenant() tenant: TenantContext, @Query() query: ListRunsQueryDto) {
    return this.runs.list(tenant.companyId, query);
  }

  @Get(':id')
  @Authenticated('payroll:read')
  @ApiNotFoundResponse({ description: 'PAYROLL_RUN_NOT_FOUND (also for another company’s run)' })
  get(@Tenant() tenant: TenantContext, @Param('id', runId) id: string) {
    return this.runs.get(tenant.companyId, id);
  }

  @Patch(':id')
  @Authenticated('payroll:write')
  @ApiOkResponse({ description: 'The draft, recalculated from HR’s current data.' })
  @ApiConflictResponse({ description: 'PAYROLL_RUN_LOCKED: the run is approved, paid or cancelled' })
  update(@Tenant() tenant: TenantContext, @Param('id', runId) id: string, @Body() body: UpdateRunDto) {
    return this.runs.update(tenant.companyId, id, body);
  }

  @Post(':id/recalculate')
  @HttpCode(200)
  @Authenticated('payroll:write')
  @ApiConflictResponse({ description: 'PAYROLL_RUN_LOCKED' })
  recalculate(@Tenant() tenant: TenantContext, @Param('id', runId) id: string) {
    return this.runs.update(tenant.companyId, id, {});
  }

  @Get(':id/payslips')
  @Authenticated('payroll:read')
  payslips(@Tenant() tenant: TenantContext, @Param('id', runId) id: string, @Query() query: PageQueryDto) {
    return this.runs.payslips(tenant.companyId, id, query);
  }

  @Post(':id/approve')
  @HttpCode(200)
  @Authenticated('payroll:write')
  @ApiConflictResponse({ description: 'PAYROLL_RUN_LOCKED, or PAYROLL_RUN_PERIOD_CONFLICT when an employee is already in an approved or paid run for the month' })
  approve(@Tenant() tenant: TenantContext, @Param('id', runId) id: string) {
    return this.runs.approve(tenant.companyId, id);
  }

  @Post(':id/pay')
  @HttpCode(200)
  @Authenticated('payroll:write')
  @ApiOkResponse({
    description:
      '`data`: `{ run, summary: { payslips, succeeded, failed, pending, unpaid }, results: [{ payslipId, employeeId, amount, currency, status, paymentId, failureReason }] }`. ' +
      'One Pay payment per payslip, idempotent per payslip: calling again retries only what is not paid and never pays anyone twice. The run becomes paid when every payslip is.',
  })
  @ApiConflictResponse({ description: 'PAYROLL_RUN_NOT_PAYABLE: only an approved run can be paid' })
  @ApiServiceUnavailableResponse({ description: 'UPSTREAM_UNAVAILABLE: Pay did not answer; nothing was paid or recorded' })
  pay(@Tenant() tenant: TenantContext, @Param('id', runId) id: string, @Body() body: PayRunDto) {
    return this.payments.payRun(tenant.companyId, id, body.walletId);
  }

  @Get(':id/postings')
  @Authenticated('payroll:read')
  @ApiOkResponse({ description: 'The run’s journal entries in Books: the accrual at approval and one settlement per paid payslip, with their status (pending while Books is away).' })
  async postingsOf(@Tenant() tenant: TenantContext, @Param('id', runId) id: string) {
    await this.runs.get(tenant.companyId, id);
    return { items: await this.postings.list(tenant.companyId, id) };
  }

  @Post(':id/cancel')
  @HttpCode(200)
  @Authenticated('payroll:write')
  @ApiConflictResponse({ description: 'PAYROLL_RUN_LOCKED: a paid or cancelled run' })
  cancel(@Tenant() tenant: TenantContext, @Param('id', runId) id: string) {
    return this.runs.cancel(tenant.companyId, id);
  }
}
