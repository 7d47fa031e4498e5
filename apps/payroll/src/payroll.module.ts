import { Module } from '@nestjs/common';
import { describeService, PlatformModule } from '@platform/common';
import { PAYROLL_ENTITIES } from './entities';
import { PAYROLL_MIGRATIONS } from './migrations';
import { RunsModule } from './runs/runs.module';

export const PAYROLL_SERVICE = describeService('payroll');

@Module({
  imports: [PlatformModule.forService({ service: PAYROLL_SERVICE, data: { entities: PAYROLL_ENTITIES, migrations: PAYROLL_MIGRATIONS } }), RunsModule],
})
export class PayrollModule {}
