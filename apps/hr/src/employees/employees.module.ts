import { Module } from '@nestjs/common';
import { EmployeesController } from './employees.controller';
import { EmployeesBulkService } from './employees-bulk.service';
import { EmployeesRepository } from './employees.repository';
import { EmployeesService } from './employees.service';

/** Exports the employees' repository: contracts, leave, attendance and reviews lock or check an employee's row in their own transactions. */
@Module({
  controllers: [EmployeesController],
  providers: [EmployeesRepository, EmployeesService, EmployeesBulkService],
  exports: [EmployeesService, EmployeesRepository],
})
export class EmployeesModule {}
