import { Module } from '@nestjs/common';
import { AccountingModule } from '../accounting/accounting.module';
import { RunsDataModule } from '../runs/runs-data.module';
import { PayClient } from './clients/pay.client';
import { RunPaymentsService } from './run-payments.service';

/** Paying an approved run's payslips through pay, and posting what was paid. */
@Module({
  imports: [RunsDataModule, AccountingModule],
  providers: [PayClient, RunPaymentsService],
  exports: [RunPaymentsService],
})
export class PaymentsModule {}
