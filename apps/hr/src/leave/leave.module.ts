import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Employee } from '../employees/employee.entity';
import { LeaveRequest } from './leave-request.entity';
import { LeaveBalancesController, LeaveRequestsController } from './leave-requests.controller';
import { LeaveRequestsService } from './leave-requests.service';
import { LeaveType } from './leave-type.entity';
import { LeaveTypesController } from './leave-types.controller';
import { LeaveTypesService } from './leave-types.service';

@Module({
  imports: [TypeOrmModule.forFeature([LeaveType, LeaveRequest, Employee])],
  controllers: [LeaveTypesController, LeaveRequestsController, LeaveBalancesController],
  providers: [LeaveTypesService, LeaveRequestsService],
})
export class LeaveModule {}
