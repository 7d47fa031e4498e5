import { Module } from '@nestjs/common';
import { describeService } from '@platform/contracts';
import { PlatformModule } from '@platform/data';
import { AttendanceModule } from './attendance/attendance.module';
import { ContactsModule } from './contacts/contacts.module';
import { ContractsModule } from './contracts/contracts.module';
import { EmployeesModule } from './employees/employees.module';
import { HR_ENTITIES } from './entities';
import { LeaveModule } from './leave/leave.module';
import { HR_MIGRATIONS } from './migrations';
import { PayrollInputsModule } from './payroll-inputs/payroll-inputs.module';
import { PerformanceModule } from './performance/performance.module';

export const HR_SERVICE = describeService('hr');

@Module({
  imports: [
    PlatformModule.forService({ service: HR_SERVICE, data: { entities: HR_ENTITIES, migrations: HR_MIGRATIONS } }),
    EmployeesModule,
    ContractsModule,
    LeaveModule,
    AttendanceModule,
    PerformanceModule,
    PayrollInputsModule,
    ContactsModule,
  ],
})
export class HrModule {}
