import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';

/** Runs a service's writes in transactions, side by side; they serialize on row locks. */
@Injectable()
export class Transactions {
  constructor(private readonly dataSource: DataSource) {}

  run<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /**
   * Reads a company's row and locks it until the transaction ends (`SELECT … FOR UPDATE`), the
   * lock a per-row invariant takes before it checks (e.g. HR's employee row: one contract in
   * force, no overlapping leave).
   */
  lockOne<T extends ObjectLiteral>(manager: EntityManager, entity: EntityTarget<T>, companyId: string, id: string): Promise<T | null> {
    return manager
      .createQueryBuilder(entity, 'row')
      .where('row.id = :id AND row.companyId = :companyId', { id, companyId })
      .setLock('pessimistic_write')
      .getOne();
  }
}
