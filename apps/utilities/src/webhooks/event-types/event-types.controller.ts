import { Controller, Get } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { eventCatalogue, WEBHOOK_DELIVERY_NOTE } from '@platform/contracts';
import { ApiEnvelope, AuthenticatedOrSignedIn } from '@platform/pipeline';
import { EventTypesView } from './dto/event-type.dto';
import { WebhooksTag } from '../webhooks-tag';

@WebhooksTag()
@Controller('webhooks/event-types')
export class EventTypesController {
  @Get()
  @AuthenticatedOrSignedIn('webhooks:read')
  @ApiOperation({
    summary: 'List the event types',
    description: `Every event the services record: its type, the service recording it, when it fires, the JSON Schema of its envelope and an example. ${WEBHOOK_DELIVERY_NOTE}`,
  })
  @ApiEnvelope(200, EventTypesView, 'Every event type, by service.')
  list(): EventTypesView {
    return { items: eventCatalogue() };
  }
}
