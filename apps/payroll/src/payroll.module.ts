import { Module } from '@nestjs/common';
import { describeService, PlatformModule } from '@platform/common';

export const PAYROLL_SERVICE = describeService('payroll');

/** The payroll product: the shared pipeline, root, health, metrics and OpenAPI; its domain lands next. */
@Module({
  imports: [PlatformModule.forService({ service: PAYROLL_SERVICE, data: { entities: [], migrations: [] } })],
})
export class PayrollModule {}
