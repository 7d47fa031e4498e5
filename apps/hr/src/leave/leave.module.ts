import { Module } from '@nestjs/common';
import { OutboxModule } from '../outbox/outbox.module';
import { LeaveBalancesController, LeaveRequestsController } from './leave-requests.controller';
import { LeaveRequestsService } from './leave-requests.service';
import { LeaveTypesController } from './leave-types.controller';
import { LeaveTypesService } from './leave-types.service';

@Module({
  imports: [OutboxModule],
  controllers: [LeaveTypesController, LeaveRequestsController, LeaveBalancesController],
  providers: [LeaveTypesService, LeaveRequestsService],
})
export class LeaveModule {}
