import { Module } from '@nestjs/common';
import { Environment } from '@platform/pipeline';
import { NotificationsModule } from '../notifications/notifications.module';
import { DeliveriesController } from './deliveries/deliveries.controller';
import { DisabledEndpointAlerts } from './deliveries/disabled-endpoint-alerts.service';
import { EndpointDayLimits } from './deliveries/endpoint-day-limits.service';
import { WebhookDeliveriesRepository } from './deliveries/webhook-deliveries.repository';
import { attemptsCounterProvider, WebhookDeliveries } from './deliveries/webhook-deliveries.service';
import { AlertRecipients } from './clients/alert-recipients.client';
import { SigningSecretCipher, signingSecretCipher } from './endpoints/signing-secret-cipher';
import { WebhookEndpointsController } from './endpoints/webhook-endpoints.controller';
import { WebhookEndpointsRepository } from './endpoints/webhook-endpoints.repository';
import { WebhookEndpointsService } from './endpoints/webhook-endpoints.service';
import { WebhookAuditTrail } from './clients/webhook-audit-trail.client';
import { EVENT_SINK, EventIngestion } from './events/event-ingestion.service';
import { EventRetention } from './events/event-retention.service';
import { EventsController } from './events/events.controller';
import { EventsRepository } from './events/events.repository';
import { EventsService } from './events/events.service';
import { EventTypesController } from './event-types/event-types.controller';

/**
 * Webhooks and the events API: the suite's domain events, gathered from every service's feed,
 * listed per company (`/api/v1/app/events`) and delivered to the company's endpoints in the
 * Standard Webhooks format (`/api/v1/app/webhooks/...`).
 */
@Module({
  imports: [NotificationsModule],
  controllers: [EventTypesController, WebhookEndpointsController, DeliveriesController, EventsController],
  providers: [
    WebhookEndpointsRepository,
    WebhookDeliveriesRepository,
    EventsRepository,
    WebhookEndpointsService,
    AlertRecipients,
    DisabledEndpointAlerts,
    WebhookAuditTrail,
    { provide: SigningSecretCipher, inject: [Environment], useFactory: signingSecretCipher },
    EndpointDayLimits,
    attemptsCounterProvider,
    WebhookDeliveries,
    { provide: EVENT_SINK, useExisting: WebhookDeliveries },
    EventIngestion,
    EventRetention,
    EventsService,
  ],
  exports: [],
})
export class WebhooksModule {}
