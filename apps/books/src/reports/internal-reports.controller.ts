import { Controller, Get, Query } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsUUID } from 'class-validator';
import { Internal, RawResponse } from '@platform/common';
import { TrialBalanceQueryDto } from './dto/report.dto';
import { ReportsService } from './reports.service';

class InternalTrialBalanceQueryDto extends TrialBalanceQueryDto {
  @IsUUID()
  @Transform(({ value }) => (typeof value === 'string' ? value.toLowerCase() : value))
  companyId: string;
}

/** The trial balance for other services (utilities renders it); outside /api/v1, behind the internal token. */
@ApiExcludeController()
@Internal()
@RawResponse()
@Controller('internal/v1/books')
export class InternalReportsController {
  constructor(private readonly reports: ReportsService) {}

  @Get('reports/trial-balance')
  trialBalance(@Query() query: InternalTrialBalanceQueryDto) {
    return this.reports.trialBalance(query.companyId, query);
  }
}
