import { Module } from '@nestjs/common';
import { PayrollInputsController } from './payroll-inputs.controller';
import { PayrollInputsRepository } from './payroll-inputs.repository';
import { PayrollInputsService } from './payroll-inputs.service';

@Module({
  controllers: [PayrollInputsController],
  providers: [PayrollInputsRepository, PayrollInputsService],
})
export class PayrollInputsModule {}
