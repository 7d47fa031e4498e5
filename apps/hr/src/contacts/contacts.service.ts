import { Injectable } from '@nestjs/common';
import { HrContract } from '@platform/contracts';
import { ContactsRepository } from './contacts.repository';

@Injectable()
export class ContactsService {
  constructor(private readonly repository: ContactsRepository) {}

  /** In the order asked. */
  async contacts(companyId: string, employeeIds: string[]): Promise<HrContract.Contacts> {
    const found = await this.repository.contactsOf(companyId, employeeIds);
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
