import { Module } from '@nestjs/common';
import { describeService, PlatformModule } from '@platform/common';
import { EmployeesModule } from './employees/employees.module';
import { HR_ENTITIES } from './entities';
import { HR_MIGRATIONS } from './migrations';

export const HR_SERVICE = describeService('hr');

@Module({
  imports: [PlatformModule.forService({ service: HR_SERVICE, data: { entities: HR_ENTITIES, migrations: HR_MIGRATIONS } }), EmployeesModule],
})
export class HrModule {}
