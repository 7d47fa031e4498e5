import { Controller, Query } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsUUID } from 'class-validator';
import { BooksContract } from '@platform/contracts';
import { Internal } from '@platform/pipeline';
import { TrialBalanceQueryDto } from './dto/report.dto';
import { ReportsService } from './reports.service';

class InternalTrialBalanceQueryDto extends TrialBalanceQueryDto implements BooksContract.TrialBalanceQuery {
  @IsUUID()
  @Transform(({ value }) => (typeof value === 'string' ? value.toLowerCase() : value))
  companyId: string;
}

/** The trial balance for other services (utilities renders it); outside /api/v1, behind the internal token. */
@Controller()
export class InternalReportsController {
  constructor(private readonly reports: ReportsService) {}

  @Internal(BooksContract.TRIAL_BALANCE)
  trialBalance(@Query() query: InternalTrialBalanceQueryDto) {
    return this.reports.trialBalance(query.companyId, query);
  }
}
