import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Employee } from '../employees/employee.entity';
import { LeaveRequest } from '../leave/leave-request.entity';
import { AttendanceRecord } from './attendance-record.entity';
import { AttendanceController } from './attendance.controller';
import { AttendanceService } from './attendance.service';

@Module({
  imports: [TypeOrmModule.forFeature([AttendanceRecord, Employee, LeaveRequest])],
  controllers: [AttendanceController],
  providers: [AttendanceService],
})
export class AttendanceModule {}
