import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Contract } from '../contracts/contract.entity';
import { Employee } from '../employees/employee.entity';
import { LeaveRequest } from '../leave/leave-request.entity';
import { PayrollInputsController } from './payroll-inputs.controller';
import { PayrollInputsService } from './payroll-inputs.service';

@Module({
  imports: [TypeOrmModule.forFeature([Employee, Contract, LeaveRequest])],
  controllers: [PayrollInputsController],
  providers: [PayrollInputsService],
})
export class PayrollInputsModule {}
