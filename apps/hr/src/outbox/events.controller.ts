import { Controller, Query } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { HrContract, Internal } from '@platform/common';
import { OutboxService } from './outbox.service';

/** Event ids are a 32-bit serial. */
const MAX_EVENT_ID = 2_147_483_647;

export class EventsQueryDto implements HrContract.EventsQuery {
  @ApiPropertyOptional({ description: 'Cursor: the id of the last event already consumed (`nextAfter` of the previous page); 0 starts from the beginning.', default: 0 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(MAX_EVENT_ID)
  after: number = 0;

  @ApiPropertyOptional({ minimum: 1, maximum: 500, default: 100 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(500)
  limit: number = 100;
}

/** The domain-event feed consumers poll with their own cursor; outside /api/v1, so the Ingress never routes it. */
@Controller()
export class EventsController {
  constructor(private readonly outbox: OutboxService) {}

  @Internal(HrContract.EVENTS)
  events(@Query() query: EventsQueryDto) {
    return this.outbox.after(query.after, query.limit);
  }
}
