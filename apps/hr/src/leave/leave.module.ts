import { Module } from '@nestjs/common';
import { EmployeesModule } from '../employees/employees.module';
import { LeaveBalancesController, LeaveRequestsController } from './leave-requests.controller';
import { LeaveRequestsRepository } from './leave-requests.repository';
import { LeaveRequestsService } from './leave-requests.service';
import { LeaveTypesController } from './leave-types.controller';
import { LeaveTypesRepository } from './leave-types.repository';
import { LeaveTypesService } from './leave-types.service';

@Module({
  imports: [EmployeesModule],
  controllers: [LeaveTypesController, LeaveRequestsController, LeaveBalancesController],
  providers: [LeaveTypesRepository, LeaveRequestsRepository, LeaveTypesService, LeaveRequestsService],
})
export class LeaveModule {}
