import { Controller, Get, Query } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Authenticated, Tenant, TenantContext } from '@platform/common';
import { GeneralLedgerQueryDto, TrialBalanceQueryDto } from './dto/report.dto';
import { ReportsService } from './reports.service';

@ApiTags('Reports')
@Controller('reports')
export class ReportsController {
  constructor(private readonly reports: ReportsService) {}

  @Get('trial-balance')
  @Authenticated('books:read')
  @ApiOkResponse({
    description:
      '`{ from, to, currency, accounts: [{ accountId, code, name, type, opening, openingDebit, openingCredit, debits, credits, closing, closingDebit, closingCredit }], totals: { openingDebit, openingCredit, debits, credits, closingDebit, closingCredit, balanced } }`. Opening: before `from`; movements: within [from, to]; balances signed debit positive. Only accounts with movements or a balance, by code.',
  })
  trialBalance(@Tenant() tenant: TenantContext, @Query() query: TrialBalanceQueryDto) {
    return this.reports.trialBalance(tenant.companyId, query);
  }

  @Get('general-ledger')
  @Authenticated('books:read')
  @ApiOkResponse({
    description:
      '`{ account, from, to, currency, openingBalance, totalDebits, totalCredits, closingBalance, items: [{ entryId, entryNumber, date, memo, reference, description, debit, credit, balance }], page, limit, total }`: the account’s lines in date order with the running balance (debit positive).',
  })
  @ApiNotFoundResponse({ description: 'ACCOUNT_NOT_FOUND (also for another company’s account)' })
  generalLedger(@Tenant() tenant: TenantContext, @Query() query: GeneralLedgerQueryDto) {
    return this.reports.generalLedger(tenant.companyId, query);
  }
}
