import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Post, Query } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Authenticated, PageQueryDto, PlatformException, Tenant, TenantContext } from '@platform/common';
import { ClosePeriodDto } from './dto/period.dto';
import { PeriodsService } from './periods.service';

const periodId = new ParseUUIDPipe({ exceptionFactory: () => new PlatformException('ACCOUNTING_PERIOD_NOT_FOUND') });

@ApiTags('Accounting periods')
@Controller('periods')
export class PeriodsController {
  constructor(private readonly periods: PeriodsService) {}

  @Post('close')
  @HttpCode(200)
  @Authenticated('books:write')
  @ApiOkResponse({
    description:
      '`{ closedThrough, period }`: every date up to and including `through` is closed; entries and reversals dated there are refused (409 ACCOUNTING_PERIOD_CLOSED). `period` is the span closed now (`{ id, startDate, endDate, closedAt }`), null when `through` was already closed. Closing is final.',
  })
  close(@Tenant() tenant: TenantContext, @Body() body: ClosePeriodDto) {
    return this.periods.close(tenant.companyId, body.through);
  }

  @Get()
  @Authenticated('books:read')
  @ApiOkResponse({ description: 'Closed periods, latest first, paginated.' })
  list(@Tenant() tenant: TenantContext, @Query() query: PageQueryDto) {
    return this.periods.list(tenant.companyId, query);
  }

  @Get(':id')
  @Authenticated('books:read')
  @ApiNotFoundResponse({ description: 'ACCOUNTING_PERIOD_NOT_FOUND (also for another company’s period)' })
  get(@Tenant() tenant: TenantContext, @Param('id', periodId) id: string) {
    return this.periods.get(tenant.companyId, id);
  }
}
