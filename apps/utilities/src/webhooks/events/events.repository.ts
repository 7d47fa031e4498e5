import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { Event, ServiceName } from '@platform/contracts';
import { QuerySample, SAMPLE } from '@platform/data';
import { EventSource } from './company-event.entity';

/** An event of the company's list, as its row reads. */
export interface EventRow {
  id: string;
  sequence: string;
  type: string;
  occurred_at: Date;
  company_id: string;
  data: Record<string, unknown>;
  version: number;
}

/** An event just stored: its place in the order events became visible, and when it came. */
export interface StoredEventRow {
  id: string;
  sequence: string;
  received_at: Date;
}

/** Rows deleted per statement by the retention: short transactions, however much is due. */
export const RETENTION_BATCH = 5000;

const SAMPLE_EVENT: Event = {
  id: SAMPLE.id,
  position: 1,
  type: 'employee.created' as Event['type'],
  occurredAt: '2026-03-31T00:00:00.000Z',
  companyId: SAMPLE.companyId,
  data: {},
  version: 1,
};

/**
 * The suite's events (`events`) gathered from every service's feed, and where each feed was read
 * up to (`event_sources`); the retention deletes events and webhook deliveries past their days.
 * Gathering and retention span every company: their methods say so.
 */
@Injectable()
export class EventsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * The company's events after `after` in the order they became visible, received in the last
   * `days`, of one type when given: `limit` rows at most (ask one more to know whether more follow).
   */
  @QuerySample([SAMPLE.companyId, { after: 0, days: 30, type: null, limit: 101 }])
  @QuerySample([SAMPLE.companyId, { after: 10, days: 30, type: 'employee.created', limit: 101 }], 'of a type')
  listEvents(companyId: string, page: { after: number; days: number; type: string | null; limit: number }): Promise<EventRow[]> {
    return this.dataSource.query(
      `SELECT "id", "sequence", "type", "occurred_at", "company_id", "data", "version" FROM "utilities"."events"
       WHERE "company_id" = $1 AND "sequence" > $2 AND "received_at" > now() - make_interval(days => $3) AND ($4::text IS NULL OR "type" = $4)
       ORDER BY "sequence" LIMIT $5`,
      [companyId, page.after, page.days, page.type, page.limit],
    );
  }

  /** Where the service's feed was read up to (0: never). */
  @QuerySample(['hr' as ServiceName])
  async feedPositionAcrossCompanies(service: ServiceName): Promise<number> {
    return (await this.dataSource.getRepository(EventSource).findOneBy({ service }))?.position ?? 0;
  }

  /** Gatherings of every service take turns on one lock, until the transaction ends: `sequence` grows in the order events become visible. */
  @QuerySample([SAMPLE.tx])
  async lockIngestionAcrossCompanies(manager: EntityManager): Promise<void> {
    await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['platform-events-ingest']);
  }

  /** Stores the events of a page of the service's feed in their order, each once (by id); answers those new here. */
  @QuerySample(['hr' as ServiceName, [SAMPLE_EVENT], SAMPLE.tx])
  storeEventsAcrossCompanies(service: ServiceName, events: Event[], manager: EntityManager): Promise<StoredEventRow[]> {
    return manager.query(
      `INSERT INTO "utilities"."events" ("id", "service", "type", "company_id", "occurred_at", "data", "version")
         SELECT e.id, $2, e.type, e.company_id, e.occurred_at, e.data, e.version
         FROM ROWS FROM (jsonb_to_recordset($1::jsonb) AS (id uuid, type text, company_id uuid, occurred_at timestamptz, data jsonb, version smallint)) WITH ORDINALITY AS e(id, type, company_id, occurred_at, data, version, n)
         ORDER BY e.n
         ON CONFLICT ("id") DO NOTHING
         RETURNING "id", "sequence", "received_at"`,
      [JSON.stringify(events.map(toRow)), service],
    );
  }

  /** The service's feed is read up to `position` (never back). */
  @QuerySample(['hr' as ServiceName, 10, SAMPLE.tx])
  async advanceFeedAcrossCompanies(service: ServiceName, position: number, manager: EntityManager): Promise<void> {
    await manager.query(
      `INSERT INTO "utilities"."event_sources" ("service", "position", "updated_at") VALUES ($1, $2, now())
         ON CONFLICT ("service") DO UPDATE SET "position" = GREATEST("event_sources"."position", EXCLUDED."position"), "updated_at" = now()`,
      [service, position],
    );
  }

  /** Deletes webhook deliveries (their attempts with them) created more than `days` ago, RETENTION_BATCH a statement; answers how many. */
  @QuerySample([30])
  deleteDeliveriesOlderAcrossCompanies(days: number): Promise<number> {
    return deleteOlder(this.dataSource, `"utilities"."webhook_deliveries"`, `"created_at"`, days);
  }

  /** Deletes events received more than `days` ago, RETENTION_BATCH a statement; answers how many. */
  @QuerySample([30])
  deleteEventsOlderAcrossCompanies(days: number): Promise<number> {
    return deleteOlder(this.dataSource, `"utilities"."events"`, `"received_at"`, days);
  }
}

/** Deletes the rows of `table` older than `days` by `column`, RETENTION_BATCH a statement, until fewer are left; answers how many. */
async function deleteOlder(dataSource: DataSource, table: string, column: string, days: number): Promise<number> {
  let deleted = 0;
  for (;;) {
    const [, count] = await dataSource.query(
      `DELETE FROM ${table} WHERE "id" IN (SELECT "id" FROM ${table} WHERE ${column} < now() - make_interval(days => $1) LIMIT ${RETENTION_BATCH})`,
      [days],
    );
    deleted += count;
    if (count < RETENTION_BATCH) return deleted;
  }
}

function toRow(event: Event) {
  return { id: event.id, type: event.type, company_id: event.companyId, occurred_at: event.occurredAt, data: event.data, version: event.version };
}
