import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { ApiEnvelope, ApiErrors, ApiTag, Authenticated, Tenant, TenantContext } from '@platform/pipeline';
import { GeneralLedgerQueryDto, TrialBalanceQueryDto } from './dto/report.dto';
import { GeneralLedgerView, TrialBalanceView } from './dto/report-views.dto';
import { ReportsService } from './reports.service';

@ApiTag('Reports', 'Trial balance and general ledger, summed in integer minor units.')
@Controller('reports')
export class ReportsController {
  constructor(private readonly reports: ReportsService) {}

  @Get('trial-balance')
  @Authenticated('books:read')
  @ApiOperation({ summary: 'Read the trial balance' })
  @ApiEnvelope(
    200,
    TrialBalanceView,
    'Opening: before `from`; movements: within [from, to]; balances signed debit positive. Only accounts with movements or a balance, by code.',
  )
  trialBalance(@Tenant() tenant: TenantContext, @Query() query: TrialBalanceQueryDto) {
    return this.reports.trialBalance(tenant.companyId, query);
  }

  @Get('general-ledger')
  @Authenticated('books:read')
  @ApiOperation({ summary: 'Read an account’s general ledger' })
  @ApiEnvelope(
    200,
    GeneralLedgerView,
    'The account’s lines in ledger order with the running balance (debit positive), a page at a time: page mode (`page`) or cursor mode (`cursor`, then each page’s `nextCursor`).',
  )
  @ApiErrors('ACCOUNT_NOT_FOUND')
  generalLedger(@Tenant() tenant: TenantContext, @Query() query: GeneralLedgerQueryDto) {
    return this.reports.generalLedger(tenant.companyId, query);
  }
}
