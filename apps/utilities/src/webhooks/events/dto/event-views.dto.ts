import { ApiProperty } from '@nestjs/swagger';
import { ALL_EVENT_TYPES } from '@platform/contracts';

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
