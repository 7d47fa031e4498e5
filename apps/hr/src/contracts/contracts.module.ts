import { Module } from '@nestjs/common';
import { EmployeesModule } from '../employees/employees.module';
import { ContractsController } from './contracts.controller';
import { ContractsBulkService } from './contracts-bulk.service';
import { ContractsRepository } from './contracts.repository';
import { ContractsService } from './contracts.service';

@Module({
  imports: [EmployeesModule],
  controllers: [ContractsController],
  providers: [ContractsRepository, ContractsService, ContractsBulkService],
})
export class ContractsModule {}
