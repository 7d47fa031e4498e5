import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In } from 'typeorm';
import { QuerySample, SAMPLE } from '@platform/data';
import { Employee } from '../employees/employee.entity';

/** How other services reach an employee. */
export type EmployeeContact = Pick<Employee, 'id' | 'firstName' | 'lastName' | 'email' | 'phone'>;

/** The contact details of the company's employees (`employees`), for other services. */
@Injectable()
export class ContactsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The company's employees among `ids`, in no order; an id of another company's employee is not found. */
  @QuerySample([SAMPLE.companyId, [SAMPLE.id, SAMPLE.otherId]])
  contactsOf(companyId: string, ids: string[]): Promise<EmployeeContact[]> {
    return this.dataSource.getRepository(Employee).find({
      where: { companyId, id: In(ids) },
      select: { id: true, firstName: true, lastName: true, email: true, phone: true },
    });
  }
}
