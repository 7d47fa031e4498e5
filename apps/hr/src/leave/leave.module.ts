import { Module } from '@nestjs/common';
import { LeaveBalancesController, LeaveRequestsController } from './leave-requests.controller';
import { LeaveRequestsService } from './leave-requests.service';
import { LeaveTypesController } from './leave-types.controller';
import { LeaveTypesService } from './leave-types.service';

@Module({
  controllers: [LeaveTypesController, LeaveRequestsController, LeaveBalancesController],
  providers: [LeaveTypesService, LeaveRequestsService],
})
export class LeaveModule {}
