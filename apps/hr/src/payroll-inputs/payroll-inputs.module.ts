import { Module } from '@nestjs/common';
import { InternalPayrollInputsController } from './internal-payroll-inputs.controller';
import { PayrollInputsRepository } from './payroll-inputs.repository';
import { PayrollInputsService } from './payroll-inputs.service';

@Module({
  controllers: [InternalPayrollInputsController],
  providers: [PayrollInputsRepository, PayrollInputsService],
})
export class PayrollInputsModule {}
