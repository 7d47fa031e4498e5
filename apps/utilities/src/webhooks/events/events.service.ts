import { Injectable } from '@nestjs/common';
import { EVENTS_RETENTION_DAYS, ListEventsQueryDto } from './dto/event.dto';
import { EventListView } from './dto/event-views.dto';
import { EventsRepository } from './events.repository';

/** The company's events of the last 30 days, oldest first, with a cursor (`nextAfter`, `hasMore`). */
@Injectable()
export class EventsService {
  constructor(private readonly events: EventsRepository) {}

  async list(companyId: string, query: ListEventsQueryDto): Promise<EventListView> {
    // one row past the page says whether more follow
    const rows = await this.events.listEvents(companyId, { after: query.after, days: EVENTS_RETENTION_DAYS, type: query.type ?? null, limit: query.limit + 1 });
    const page = rows.slice(0, query.limit);
    return {
      items: page.map((row) => ({
        id: row.id,
        type: row.type,
        occurredAt: row.occurred_at.toISOString(),
        companyId: row.company_id,
        data: row.data,
        version: row.version,
      })),
      nextAfter: page.length ? Number(page[page.length - 1].sequence) : query.after,
      hasMore: rows.length > query.limit,
    };
  }
}
