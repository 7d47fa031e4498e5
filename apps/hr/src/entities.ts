import { AttendanceRecord } from './attendance/attendance-record.entity';
import { Contract } from './contracts/contract.entity';
import { Employee } from './employees/employee.entity';
import { LeaveRequest } from './leave/leave-request.entity';
import { LeaveType } from './leave/leave-type.entity';
import { PerformanceReview } from './performance/performance-review.entity';

export const HR_ENTITIES = [Employee, Contract, LeaveType, LeaveRequest, AttendanceRecord, PerformanceReview];
