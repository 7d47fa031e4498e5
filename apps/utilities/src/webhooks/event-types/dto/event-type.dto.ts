import { ApiProperty } from '@nestjs/swagger';
import { EVENT_SERVICES, EVENT_TYPES, EVENT_VERSION } from '@platform/contracts';

export class EventTypeView {
  @ApiProperty({ enum: Object.keys(EVENT_SERVICES), example: 'employee.created', description: '`<resource>.<past verb>`, the resource in snake_case' })
  type: string;

  @ApiProperty({ enum: Object.keys(EVENT_TYPES), example: 'hr', description: 'The service that records it' })
  service: string;

  @ApiProperty({ type: 'integer', minimum: 1, example: EVENT_VERSION, description: 'The version of `data`’s shape (the envelope’s `version`)' })
  version: number;

  @ApiProperty({ example: 'An employee was created.', description: 'When it fires' })
  description: string;

  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description:
      'JSON Schema (draft-07) of the whole envelope `{ id, type, occurredAt, companyId, data, version }`, `data` being the resource as the API answers it; self-contained (`definitions`).',
  })
  schema: Record<string, unknown>;

  @ApiProperty({ type: 'object', additionalProperties: true, description: 'An envelope as a delivery carries it' })
  example: Record<string, unknown>;
}

export class EventTypesView {
  @ApiProperty({ type: [EventTypeView], description: 'Every event type, by service' })
  items: EventTypeView[];
}
