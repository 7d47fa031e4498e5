import { Module } from '@nestjs/common';
import { AccountingModule } from '../accounting/accounting.module';
import { HrModule } from '../hr/hr.module';
import { PaymentsModule } from '../payments/payments.module';
import { InternalRunsController } from './internal-runs.controller';
import { RunsController } from './runs.controller';
import { RunsDataModule } from './runs-data.module';
import { RunsService } from './runs.service';

@Module({
  imports: [RunsDataModule, HrModule, AccountingModule, PaymentsModule],
  controllers: [RunsController, InternalRunsController],
  providers: [RunsService],
})
export class RunsModule {}
