import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { HrClient } from '../hr/hr.client';
import { PeriodClaim } from './period-claim.entity';
import { PayrollRun } from './payroll-run.entity';
import { Payslip } from './payslip.entity';
import { RunsController } from './runs.controller';
import { RunsService } from './runs.service';

@Module({
  imports: [TypeOrmModule.forFeature([PayrollRun, Payslip, PeriodClaim])],
  controllers: [RunsController],
  providers: [RunsService, HrClient],
})
export class RunsModule {}
