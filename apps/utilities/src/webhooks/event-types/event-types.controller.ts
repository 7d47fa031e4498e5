import { Controller, Get } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { ApiEnvelope, ApiTag, Authenticated, eventCatalogue, WEBHOOK_DELIVERY_NOTE } from '@platform/common';
import { EventTypesView } from './dto/event-type.dto';

export const WebhooksTag = () =>
  ApiTag('Webhooks', `The suite’s domain events, delivered to the company’s endpoints in the Standard Webhooks format. Every event type, its schema and an example: \`GET /api/v1/app/webhooks/event-types\`, and \`x-webhooks\` of this document. ${WEBHOOK_DELIVERY_NOTE}`);

@WebhooksTag()
@Controller('webhooks/event-types')
export class EventTypesController {
  @Get()
  @Authenticated('app:read')
  @ApiOperation({ summary: 'List the event types', description: `Every event the services record: its type, the service recording it, when it fires, the JSON Schema of its envelope and an example. ${WEBHOOK_DELIVERY_NOTE}` })
  @ApiEnvelope(200, EventTypesView, 'Every event type, by service.')
  list(): EventTypesView {
    return { items: eventCatalogue() };
  }
}
