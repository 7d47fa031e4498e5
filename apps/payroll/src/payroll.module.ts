import { Module } from '@nestjs/common';
import { describeService } from '@platform/contracts';
import { PlatformModule } from '@platform/data';
import { AccountingModule } from './accounting/accounting.module';
import { PAYROLL_ENTITIES } from './entities';
import { PAYROLL_MIGRATIONS } from './migrations';
import { PaymentsModule } from './payments/payments.module';
import { RunsModule } from './runs/runs.module';

export const PAYROLL_SERVICE = describeService('payroll');

@Module({
  imports: [
    PlatformModule.forService({ service: PAYROLL_SERVICE, data: { entities: PAYROLL_ENTITIES, migrations: PAYROLL_MIGRATIONS } }),
    AccountingModule,
    PaymentsModule,
    RunsModule,
  ],
})
export class PayrollModule {}
