import { Module } from '@nestjs/common';
import { EmployeesController } from './employees.controller';
import { EmployeesBulkService } from './employees-bulk.service';
import { EmployeesService } from './employees.service';

@Module({
  controllers: [EmployeesController],
  providers: [EmployeesService, EmployeesBulkService],
  exports: [EmployeesService],
})
export class EmployeesModule {}
