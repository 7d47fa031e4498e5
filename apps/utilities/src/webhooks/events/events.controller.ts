import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { ApiEnvelope, ApiTag, Authenticated, Tenant, TenantContext } from '@platform/pipeline';
import { ListEventsQueryDto } from './dto/event.dto';
import { EventListView } from './dto/event-views.dto';
import { EventsService } from './events.service';

@ApiTag(
  'Events',
  'Every change an integrator may want to hear of, across the suite, kept 30 days: list them with a cursor to catch up, or receive them as webhooks.',
)
@Controller('events')
export class EventsController {
  constructor(private readonly events: EventsService) {}

  @Get()
  @Authenticated('webhooks:read')
  @ApiOperation({
    summary: 'List the company’s events',
    description:
      'The events of the last 30 days, oldest first, from `after` on: keep `nextAfter` and pass it next time to get only what happened since (no event is skipped: an event that commits later than another still comes after it here). ' +
      'The same envelopes webhooks deliver, so a receiver that was down can catch up from here.',
  })
  @ApiEnvelope(200, EventListView, 'A page of events.')
  list(@Tenant() tenant: TenantContext, @Query() query: ListEventsQueryDto): Promise<EventListView> {
    return this.events.list(tenant.companyId, query);
  }
}
