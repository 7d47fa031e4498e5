import { Brackets, EntityManager } from 'typeorm';
import { Employee } from '../employees/employee.entity';
import { Contract } from './contract.entity';

/**
 * Reads the company's employees named by id or by externalId and locks them until the
 * transaction ends: an employee's row is the lock of all their contracts. Locked in externalId
 * order, the order POST /employees/bulk takes them in, so that bulk requests naming the same
 * employees wait for one another rather than deadlock.
 */
export function lockEmployees(manager: EntityManager, companyId: string, ids: string[], externalIds: string[]): Promise<Pick<Employee, 'id' | 'externalId'>[]> {
  return manager
    .createQueryBuilder(Employee, 'employee')
    .select(['employee.id', 'employee.externalId'])
    .where('employee.companyId = :companyId', { companyId })
    .andWhere(new Brackets((named) => named.where('employee.id = ANY(:ids)', { ids }).orWhere('employee.externalId = ANY(:externalIds)', { externalIds })))
    .orderBy('employee.externalId')
    .setLock('pessimistic_write')
    .getMany();
}

/**
 * The contracts a change to these employees' contracts must see, in one read: the company's
 * contracts with these externalIds (to sync), and the employees' contracts in force (active or
 * ended) that end on `from` or later, or never: those a contract starting on `from` or later may
 * meet. The caller holds the employees' locks.
 */
export function contractsConcerned(manager: EntityManager, companyId: string, externalIds: string[], employeeIds: string[], from: string): Promise<Contract[]> {
  return manager
    .createQueryBuilder(Contract, 'contract')
    .where('contract.companyId = :companyId', { companyId })
    .andWhere(
      new Brackets((concerned) =>
        concerned
          .where('contract.externalId = ANY(:externalIds)', { externalIds })
          .orWhere(
            new Brackets((inForce) =>
              inForce
                .where('contract.employeeId = ANY(:employeeIds)', { employeeIds })
                .andWhere("contract.status IN ('active', 'ended')")
                .andWhere('(contract.endDate IS NULL OR contract.endDate >= :from)', { from }),
            ),
          ),
      ),
    )
    .getMany();
}
