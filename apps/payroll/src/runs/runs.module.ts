import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { JobsModule } from '@platform/common';
import { Posting } from '../accounting/posting.entity';
import { PostingsService } from '../accounting/postings.service';
import { HrClient } from '../hr/hr.client';
import { PayClient } from '../payments/pay.client';
import { RunPaymentsService } from '../payments/run-payments.service';
import { InternalRunsController } from './internal-runs.controller';
import { PeriodClaim } from './period-claim.entity';
import { PayrollRun } from './payroll-run.entity';
import { Payslip } from './payslip.entity';
import { RunsController } from './runs.controller';
import { RunsService } from './runs.service';

@Module({
  imports: [TypeOrmModule.forFeature([PayrollRun, Payslip, PeriodClaim, Posting]), JobsModule],
  controllers: [RunsController, InternalRunsController],
  providers: [RunsService, HrClient, PayClient, PostingsService, RunPaymentsService],
})
export class RunsModule {}
