import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { ALL_EVENT_TYPES } from '@platform/contracts';

/** The events API lists what happened in the last 30 days. */
export const EVENTS_RETENTION_DAYS = 30;

export class ListEventsQueryDto {
  @ApiPropertyOptional({ enum: [...ALL_EVENT_TYPES], description: 'Only events of this type.' })
  @IsOptional()
  @IsIn(ALL_EVENT_TYPES as string[])
  type?: string;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 0,
    default: 0,
    description: 'Cursor: `nextAfter` of the previous page; 0 (default) starts from the oldest event kept (30 days).',
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(Number.MAX_SAFE_INTEGER)
  after: number = 0;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: 500, default: 100 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(500)
  limit: number = 100;
}

/** An event as webhooks deliver it. */
export class EventView {
  @ApiProperty({ format: 'uuid', description: 'Also the `webhook-id` of its deliveries: the key to drop a duplicate.' }) id: string;
  @ApiProperty({ enum: [...ALL_EVENT_TYPES], example: 'employee.created' }) type: string;
  @ApiProperty({ type: String, format: 'date-time', description: 'When the change committed.' }) occurredAt: string;
  @ApiProperty({ format: 'uuid' }) companyId: string;
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: 'The resource as the API answers it after the change (its schema: GET /webhooks/event-types).',
  })
  data: Record<string, unknown>;
  @ApiProperty({ type: 'integer', minimum: 1, example: 1, description: 'Which shape `data` has.' }) version: number;
}

export class EventListView {
  @ApiProperty({ type: [EventView], description: 'Oldest first.' }) items: EventView[];
  @ApiProperty({
    type: 'integer',
    minimum: 0,
    description: 'Pass as `after` next: the last item’s cursor, or `after` itself when there was none (poll again later).',
  })
  nextAfter: number;
  @ApiProperty({ description: 'More events are there now: ask again at once.' }) hasMore: boolean;
}
