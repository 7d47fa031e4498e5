import { Module } from '@nestjs/common';
import { AccountingModule } from '../accounting/accounting.module';
import { HrModule } from '../hr/hr.module';
import { PaymentsModule } from '../payments/payments.module';
import { InternalRunsController } from './internal-runs.controller';
import { RunsController } from './runs.controller';
import { RunsService } from './runs.service';

@Module({
  imports: [HrModule, AccountingModule, PaymentsModule],
  controllers: [RunsController, InternalRunsController],
  providers: [RunsService],
})
export class RunsModule {}
