import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiParam } from '@nestjs/swagger';
import { ApiEnvelope, ApiErrors, ApiTag, Authenticated, PageQueryDto, PlatformException, Tenant, TenantContext } from '@platform/pipeline';
import { ClosePeriodDto } from './dto/period.dto';
import { AccountingPeriodView, PeriodClosingView } from './dto/period-views.dto';
import { PeriodsService } from './periods.service';

const periodId = new ParseUUIDPipe({ exceptionFactory: () => new PlatformException('ACCOUNTING_PERIOD_NOT_FOUND') });

@ApiTag('Accounting periods', 'Closing the books through a date: closed periods refuse postings; closing is final.')
@Controller('periods')
export class PeriodsController {
  constructor(private readonly periods: PeriodsService) {}

  @Post('close')
  @HttpCode(200)
  @Authenticated('books:write')
  @ApiOperation({
    summary: 'Close the books through a date',
    description:
      'Every date up to and including `through` is closed; entries and reversals dated there are refused (409 ACCOUNTING_PERIOD_CLOSED). Closing is final.',
  })
  @ApiEnvelope(200, PeriodClosingView, '`period` is the span closed now, null when `through` was already closed.')
  close(@Tenant() tenant: TenantContext, @Body() body: ClosePeriodDto) {
    return this.periods.close(tenant.companyId, body.through);
  }

  @Get()
  @Authenticated('books:read')
  @ApiOperation({ summary: 'List closed periods' })
  @ApiEnvelope(200, AccountingPeriodView, 'Closed periods, latest first, paginated.', { page: true })
  list(@Tenant() tenant: TenantContext, @Query() query: PageQueryDto) {
    return this.periods.list(tenant.companyId, query);
  }

  @Get(':id')
  @Authenticated('books:read')
  @ApiOperation({ summary: 'Read a closed period' })
  @ApiParam({ name: 'id', schema: { type: 'string', format: 'uuid' } })
  @ApiEnvelope(200, AccountingPeriodView, 'The period.')
  @ApiErrors('ACCOUNTING_PERIOD_NOT_FOUND')
  get(@Tenant() tenant: TenantContext, @Param('id', periodId) id: string) {
    return this.periods.get(tenant.companyId, id);
  }
}
