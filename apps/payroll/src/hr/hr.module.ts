import { Module } from '@nestjs/common';
import { HrClient } from './hr.client';

/** HR's internal API, as payroll calls it. */
@Module({
  providers: [HrClient],
  exports: [HrClient],
})
export class HrModule {}
