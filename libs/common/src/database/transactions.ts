import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';

/**
 * Runs a service's writes in transactions. On PostgreSQL they run side by side and serialize on row
 * locks. The one-machine SQLite store has a single connection, on which TypeORM would nest a
 * second concurrent transaction as a savepoint of the first (sharing its fate); here they
 * run one after another instead.
 */
@Injectable()
export class Transactions {
  private tail: Promise<unknown> = Promise.resolve();

  constructor(private readonly dataSource: DataSource) {}

  get postgres(): boolean {
    return this.dataSource.options.type === 'postgres';
  }

  run<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    if (this.postgres) return this.dataSource.transaction(work);
    const result = this.tail.then(() => this.dataSource.transaction(work));
    this.tail = result.catch(() => undefined);
    return result;
  }

  /**
   * Reads a company's row and, on PostgreSQL, locks it until the transaction ends
   * (`SELECT … FOR UPDATE`), the lock a per-row invariant takes before it checks (e.g. HR's
   * employee row: one contract in force, no overlapping leave).
   */
  lockOne<T extends ObjectLiteral>(manager: EntityManager, entity: EntityTarget<T>, companyId: string, id: string): Promise<T | null> {
    const query = manager.createQueryBuilder(entity, 'row').where('row.id = :id AND row.companyId = :companyId', { id, companyId });
    if (this.postgres) query.setLock('pessimistic_write');
    return query.getOne();
  }
}
