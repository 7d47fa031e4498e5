import { DocumentJob } from './documents/document-job.entity';
import { DocumentRecord } from './documents/document.entity';
import { FileRecord } from './files/file.entity';
import { DeliveryAttempt } from './notifications/delivery-attempt.entity';
import { InboxEntry } from './notifications/inbox-entry.entity';
import { Notification } from './notifications/notification.entity';
import { NotificationDelivery } from './notifications/notification-delivery.entity';
import { NotificationPreference } from './notifications/notification-preference.entity';
import { CapturedMessage } from './notifications/captured-message.entity';
import { WebhookDelivery, WebhookDeliveryAttempt } from './webhooks/deliveries/webhook-delivery.entity';
import { WebhookEndpoint } from './webhooks/endpoints/webhook-endpoint.entity';
import { WebhookEndpointSecret } from './webhooks/endpoints/webhook-endpoint-secret.entity';
import { CompanyEvent, EventSource } from './webhooks/events/company-event.entity';

export const UTILITIES_ENTITIES = [
  NotificationPreference,
  Notification,
  InboxEntry,
  NotificationDelivery,
  DeliveryAttempt,
  CapturedMessage,
  FileRecord,
  DocumentRecord,
  DocumentJob,
  WebhookEndpoint,
  WebhookEndpointSecret,
  CompanyEvent,
  EventSource,
  WebhookDelivery,
  WebhookDeliveryAttempt,
];
