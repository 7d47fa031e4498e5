import { Module } from '@nestjs/common';
import { EventTypesController } from './event-types/event-types.controller';

/**
 * Webhooks and the events API: the suite's domain events, gathered from every service's feed,
 * listed per company (`/api/v1/app/events`) and delivered to the company's endpoints in the
 * Standard Webhooks format (`/api/v1/app/webhooks/...`).
 */
@Module({
  imports: [],
  controllers: [EventTypesController],
  providers: [],
  exports: [],
})
export class WebhooksModule {}
