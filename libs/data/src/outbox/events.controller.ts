import { Controller, Query, Type as NestType } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { EventsQuery, eventsRoute } from '@platform/contracts/events/events.contract';
import { Internal } from '@platform/pipeline/auth/auth.decorators';
import type { ServiceName } from '@platform/contracts/service';
import { EventOutbox } from './event-outbox';

/** Positions come from a bigint sequence; a cursor past 2^53 could not be a JSON number. */
const MAX_POSITION = Number.MAX_SAFE_INTEGER;

export class EventsQueryDto implements EventsQuery {
  @ApiPropertyOptional({
    description: 'Cursor: the position of the last event already consumed (`nextAfter` of the previous page); 0 starts from the beginning.',
    default: 0,
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(MAX_POSITION)
  after: number = 0;

  @ApiPropertyOptional({ minimum: 1, maximum: 500, default: 100 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(500)
  limit: number = 100;
}

/** The service's published events for the suite's own consumers (webhook fan-out); outside /api/v1, so the Ingress never routes it. */
export function createEventsController(service: ServiceName): NestType {
  const route = eventsRoute(service);

  @Controller()
  class EventsController {
    constructor(private readonly outbox: EventOutbox) {}

    @Internal(route)
    events(@Query() query: EventsQueryDto) {
      return this.outbox.feed(query.after, query.limit);
    }
  }
  return EventsController;
}
