import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In } from 'typeorm';
import { HrContract } from '@platform/contracts';
import { Employee } from '../employees/employee.entity';

@Injectable()
export class ContactsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** In the order asked. */
  async contacts(companyId: string, employeeIds: string[]): Promise<HrContract.Contacts> {
    const found = await this.dataSource.getRepository(Employee).find({
      where: { companyId, id: In(employeeIds) },
      select: { id: true, firstName: true, lastName: true, email: true, phone: true },
    });
    const byId = new Map(found.map((employee) => [employee.id, employee]));
    const items: HrContract.EmployeeContact[] = [];
    const unknownEmployeeIds: string[] = [];
    for (const id of employeeIds) {
      const employee = byId.get(id);
      if (employee) items.push({ id, firstName: employee.firstName, lastName: employee.lastName, email: employee.email, phone: employee.phone });
      else unknownEmployeeIds.push(id);
    }
    return { items, unknownEmployeeIds };
  }
}
