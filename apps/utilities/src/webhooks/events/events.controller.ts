import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ApiEnvelope, ApiTag, Authenticated, Tenant, TenantContext } from '@platform/pipeline';
import { EventListView, EVENTS_RETENTION_DAYS, ListEventsQueryDto } from './dto/event.dto';

@ApiTag(
  'Events',
  'Every change an integrator may want to hear of, across the suite, kept 30 days: list them with a cursor to catch up, or receive them as webhooks.',
)
@Controller('events')
export class EventsController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @Get()
  @Authenticated('webhooks:read')
  @ApiOperation({
    summary: 'List the company’s events',
    description:
      'The events of the last 30 days, oldest first, from `after` on: keep `nextAfter` and pass it next time to get only what happened since (no event is skipped: an event that commits later than another still comes after it here). ' +
      'The same envelopes webhooks deliver, so a receiver that was down can catch up from here.',
  })
  @ApiEnvelope(200, EventListView, 'A page of events.')
  async list(@Tenant() tenant: TenantContext, @Query() query: ListEventsQueryDto): Promise<EventListView> {
    const rows: Array<{ id: string; sequence: string; type: string; occurred_at: Date; company_id: string; data: Record<string, unknown>; version: number }> =
      await this.dataSource.query(
        `SELECT "id", "sequence", "type", "occurred_at", "company_id", "data", "version" FROM "utilities"."events"
       WHERE "company_id" = $1 AND "sequence" > $2 AND "received_at" > now() - make_interval(days => $3) AND ($4::text IS NULL OR "type" = $4)
       ORDER BY "sequence" LIMIT $5`,
        [tenant.companyId, query.after, EVENTS_RETENTION_DAYS, query.type ?? null, query.limit + 1],
      );
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
