import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { Event, Events } from '@platform/contracts/events/events.contract';
import { JobQueue } from '../jobs/job-queue';
import { SERVICE_DESCRIPTOR, ServiceDescriptor, ServiceName } from '@platform/contracts/service';
import { EVENT_VERSION, EventType } from '@platform/contracts/events/event-types';
import { OutboxEvent } from './outbox-event.entity';

/**
 * Utilities gathers every service's events (the events API, webhooks): a relay that published
 * wakes utilities' reader of this service's feed with a job of this task, one waiting per service.
 */
export const EVENT_INGEST_TASK = 'utilities:ingest-events';
export const eventIngestJob = (service: ServiceName) => ({ jobKey: `${EVENT_INGEST_TASK}:${service}`, queueName: `${EVENT_INGEST_TASK}:${service}` });

/** The most events one relay transaction publishes. */
const RELAY_BATCH = 500;
/** A sweep for events whose relay job was lost to dead letters: every minute. */
const SWEEP_SCHEDULE = '* * * * *';

/**
 * The service's transactional outbox: a change records its events with the manager of its own
 * transaction, so an event exists exactly when its change committed. The relay publishes them
 * (gives each its position in the service's feed) off the write path: writers take no lock but
 * their rows'.
 */
@Injectable()
export class EventOutbox {
  private readonly logger = new Logger('EventOutbox');
  private readonly table: string;
  private readonly sequence: string;
  private readonly service: ServiceName;
  private readonly relayTask: string;
  private readonly relayQueue: string;
  /** The transactions (their query runners, one per transaction) that have added their relay job already. */
  private readonly relaying = new WeakSet<object>();

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(SERVICE_DESCRIPTOR) descriptor: ServiceDescriptor,
    private readonly queue: JobQueue,
  ) {
    this.service = descriptor.name;
    this.table = `"${this.service}"."outbox_events"`;
    this.sequence = `"${this.service}"."outbox_events_position_seq"`;
    this.relayTask = `${this.service}:relay-events`;
    this.relayQueue = `${this.service}:events`;
    // one relay job per recording transaction, run one at a time (one queue); each publishes
    // everything committed so far, so most find their events already published by an earlier one
    queue.handle(this.relayTask, () => this.relayAll(), { maxAttempts: 20, retryBaseMs: 500, concurrency: 1 });
    queue.handle(`${this.service}:relay-events-sweep`, () => this.relayAll(), { schedule: SWEEP_SCHEDULE, concurrency: 1 });
  }

  /** Records one event of the change `manager`'s transaction is making; `data` is the resource as the API answers it. */
  async record(manager: EntityManager, companyId: string, type: EventType, data: object): Promise<void> {
    await manager.insert(OutboxEvent, {
      type,
      companyId,
      occurredAt: new Date(),
      data: JSON.parse(JSON.stringify(data)),
      version: EVENT_VERSION,
      position: null,
      publishedAt: null,
    });
    await this.relayAfter(manager);
  }

  /**
   * Records the events of a change to many resources in one statement, in the order given: each
   * occurs a microsecond after the one before it, so the relay publishes them in that order.
   */
  async recordMany(manager: EntityManager, companyId: string, events: { type: EventType; data: object }[]): Promise<void> {
    if (!events.length) return;
    await manager.query(
      `INSERT INTO ${this.table} (type, company_id, occurred_at, data, version)
       SELECT event.value->>'type', $1, $2::timestamptz + event.n * interval '1 microsecond', event.value->'data', $3
       FROM jsonb_array_elements($4::jsonb) WITH ORDINALITY AS event(value, n)`,
      [companyId, new Date(), EVENT_VERSION, JSON.stringify(events)],
    );
    await this.relayAfter(manager);
  }

  /** One relay job per transaction: it publishes every event the transaction recorded. */
  private async relayAfter(manager: EntityManager): Promise<void> {
    const transaction = manager.queryRunner;
    if (transaction && this.relaying.has(transaction)) return;
    await this.queue.add(this.relayTask, {}, { queueName: this.relayQueue }, manager);
    if (transaction) this.relaying.add(transaction);
  }

  /**
   * Publishes until nothing committed is left unpublished. The relay jobs waiting behind this one
   * go first, unrun: every transaction that added one has committed, so this run publishes its events.
   */
  async relayAll(): Promise<void> {
    await this.queue.dropWaiting(this.relayTask).catch((error: unknown) => this.logger.warn(`waiting relay jobs not dropped: ${(error as Error).message}`));
    while ((await this.relay()) === RELAY_BATCH);
  }

  /**
   * Publishes the events committed so far, oldest first, at most RELAY_BATCH of them: each gets
   * the next position. Relays of one service take turns (a transaction-scoped lock held by the
   * relay alone), so positions grow in the order events become visible and a consumer that
   * read up to a position never finds an event below it later. Returns how many it published.
   */
  async relay(limit = RELAY_BATCH): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`platform-outbox-relay:${this.service}`]);
      const published = await manager.queryRunner!.query(
        `WITH numbered AS (
           SELECT id, nextval('${this.sequence}') AS position
           FROM (SELECT id FROM ${this.table} WHERE position IS NULL ORDER BY occurred_at, id LIMIT $1) pending
         )
         UPDATE ${this.table} e SET position = numbered.position, published_at = now()
         FROM numbered WHERE e.id = numbered.id
         RETURNING e.id`,
        [limit],
        true,
      );
      if (published.records.length) await this.queue.add(EVENT_INGEST_TASK, { service: this.service }, eventIngestJob(this.service), manager);
      return published.records.length;
    });
  }

  /** The published events after `after`, in position order. */
  async feed(after: number, limit: number): Promise<Events> {
    const rows = await this.dataSource
      .getRepository(OutboxEvent)
      .createQueryBuilder('event')
      .where('event.position > :after', { after })
      .orderBy('event.position', 'ASC')
      .limit(limit)
      .getMany();
    const items = rows.map(envelope);
    return { items, nextAfter: items.length ? items[items.length - 1].position : after };
  }
}

export function envelope(row: OutboxEvent): Event {
  return {
    id: row.id,
    type: row.type as EventType,
    occurredAt: row.occurredAt.toISOString() as Event['occurredAt'],
    companyId: row.companyId,
    data: row.data,
    version: row.version,
    position: row.position!,
  };
}
