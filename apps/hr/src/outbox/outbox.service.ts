import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, MoreThan } from 'typeorm';
import { InjectDataSource } from '@nestjs/typeorm';
import { OutboxEvent, OutboxEventType } from './outbox-event.entity';

export interface EventView {
  id: number;
  companyId: string;
  type: OutboxEventType;
  aggregateId: string;
  payload: Record<string, unknown>;
  occurredAt: Date;
}

/** Advisory lock key of the outbox (any constant; the lock lives as long as the transaction). */
const OUTBOX_LOCK = 7_310_451;

@Injectable()
export class OutboxService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Records an event with the transaction's manager; call it as the transaction's last write.
   * Ids come from a sequence, so two transactions could commit their events out of id order
   * and a consumer past the higher id would never see the lower one. The transaction-scoped
   * advisory lock makes event-writing transactions commit in id order; it is held only from
   * this insert to the commit.
   */
  async record(manager: EntityManager, companyId: string, type: OutboxEventType, aggregateId: string, payload: object): Promise<void> {
    await manager.query('SELECT pg_advisory_xact_lock($1)', [OUTBOX_LOCK]);
    await manager.save(
      manager.create(OutboxEvent, { companyId, type, aggregateId, payload: JSON.parse(JSON.stringify(payload)), occurredAt: new Date(), publishedAt: null }),
    );
  }

  async after(after: number, limit: number): Promise<{ items: EventView[]; nextAfter: number }> {
    const rows = await this.dataSource.getRepository(OutboxEvent).find({ where: { id: MoreThan(after) }, order: { id: 'ASC' }, take: limit });
    const items = rows.map(({ id, companyId, type, aggregateId, payload, occurredAt }) => ({ id, companyId, type, aggregateId, payload, occurredAt }));
    return { items, nextAfter: items.length ? items[items.length - 1].id : after };
  }
}
