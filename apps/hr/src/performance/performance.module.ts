import { Module } from '@nestjs/common';
import { EmployeesModule } from '../employees/employees.module';
import { PerformanceController } from './performance.controller';
import { PerformanceRepository } from './performance.repository';
import { PerformanceService } from './performance.service';

@Module({
  imports: [EmployeesModule],
  controllers: [PerformanceController],
  providers: [PerformanceRepository, PerformanceService],
})
export class PerformanceModule {}
