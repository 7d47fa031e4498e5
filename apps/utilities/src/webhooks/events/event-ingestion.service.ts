import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Event, EVENT_TYPES, Events, eventsRoute, ServiceName } from '@platform/contracts';
import { Environment, InternalApi } from '@platform/pipeline';
import { EVENT_INGEST_TASK, EventOutbox, eventIngestJob, JobQueue, Transactions } from '@platform/data';
import { CompanyEvent } from './company-event.entity';
import { EventsRepository } from './events.repository';

/** Events read from a feed at a time. */
const PAGE = 500;
/** Every service's feed is read again every minute, in case a wake-up job was lost. */
const SWEEP_SCHEDULE = '* * * * *';
const SOURCES = Object.keys(EVENT_TYPES) as ServiceName[];

/** What becomes of newly gathered events, in the transaction that stores them (webhook fan-out). */
export interface EventSink {
  accept(events: CompanyEvent[], manager: EntityManager): Promise<void>;
}
export const EVENT_SINK = Symbol('EVENT_SINK');

/**
 * Gathers every service's published events into utilities' `events` table: a service's relay
 * wakes this reader of its feed (one job per service, run one at a time), which reads from where
 * it stopped and stores each event once (by id) together with the new position, and hands the
 * new ones to the sink in the same transaction. Gatherings of different services take turns on
 * one lock, so `sequence` grows in the order events become visible: a reader of the events API
 * that got up to a sequence never finds an event below it later.
 */
@Injectable()
export class EventIngestion {
  constructor(
    private readonly events: EventsRepository,
    private readonly transactions: Transactions,
    @Inject(Environment) private readonly env: Environment,
    private readonly api: InternalApi,
    private readonly outbox: EventOutbox,
    @Inject(EVENT_SINK) private readonly sink: EventSink,
    private readonly queue: JobQueue,
  ) {
    queue.handle<{ service: ServiceName }>(EVENT_INGEST_TASK, ({ service }) => this.ingestAll(service), { maxAttempts: 25, retryBaseMs: 1000 });
    queue.handle(`${EVENT_INGEST_TASK}-sweep`, () => this.wakeAll(), { schedule: SWEEP_SCHEDULE, concurrency: 1 });
  }

  /** Reads the service's feed until it is caught up. */
  async ingestAll(service: ServiceName): Promise<void> {
    if (!SOURCES.includes(service)) return;
    while ((await this.ingestPage(service)) === PAGE);
  }

  /** Adds a reading job for every service (one waiting per service). */
  async wakeAll(): Promise<void> {
    for (const service of SOURCES) await this.queue.add(EVENT_INGEST_TASK, { service }, eventIngestJob(service));
  }

  /** One page of the feed after the stored position; answers how many events it held. */
  async ingestPage(service: ServiceName): Promise<number> {
    const after = await this.events.feedPositionAcrossCompanies(service);
    const page = await this.feed(service, after);
    if (!page.items.length) return 0;
    await this.transactions.run(async (manager) => {
      await this.events.lockIngestionAcrossCompanies(manager);
      const stored = await this.events.storeEventsAcrossCompanies(service, page.items, manager);
      await this.events.advanceFeedAcrossCompanies(service, page.nextAfter, manager);
      if (!stored.length) return;
      const byId = new Map(page.items.map((event) => [event.id, event]));
      const fresh = stored.map((row) => toEntity(byId.get(row.id)!, service, Number(row.sequence), row.received_at));
      await this.sink.accept(fresh, manager);
    });
    return page.items.length;
  }

  private feed(service: ServiceName, after: number): Promise<Events> {
    if (service === 'utilities') return this.outbox.feed(after, PAGE);
    return this.api.expectOk(this.baseUrl(service), eventsRoute(service), { query: { after, limit: PAGE } });
  }

  private baseUrl(service: Exclude<ServiceName, 'utilities'>): string {
    const urls: Record<Exclude<ServiceName, 'utilities'>, string> = {
      auth: this.env.AUTH_URL,
      hr: this.env.HR_URL,
      payroll: this.env.PAYROLL_URL,
      pay: this.env.PAY_URL,
      books: this.env.BOOKS_URL,
    };
    return urls[service];
  }
}

function toEntity(event: Event, service: ServiceName, sequence: number, receivedAt: Date): CompanyEvent {
  return Object.assign(new CompanyEvent(), {
    id: event.id,
    sequence,
    service,
    type: event.type,
    companyId: event.companyId,
    occurredAt: new Date(event.occurredAt),
    data: event.data,
    version: event.version,
    receivedAt,
  });
}
