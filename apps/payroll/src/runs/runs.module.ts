import { Module } from '@nestjs/common';
import { AccountingModule } from '../accounting/accounting.module';
import { HrClient } from './clients/hr.client';
import { PaymentsModule } from '../payments/payments.module';
import { InternalRunsController } from './internal-runs.controller';
import { RunsController } from './runs.controller';
import { RunsDataModule } from './runs-data.module';
import { RunsService } from './runs.service';

@Module({
  imports: [RunsDataModule, AccountingModule, PaymentsModule],
  controllers: [RunsController, InternalRunsController],
  providers: [RunsService, HrClient],
})
export class RunsModule {}
