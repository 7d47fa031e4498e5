import { ApiProperty } from '@nestjs/swagger';
import { ALL_EVENT_TYPES } from '@platform/contracts';
import { EventView } from '../../events/dto/event-views.dto';
import { DELIVERY_STATUSES, DeliveryStatus, TEST_EVENT_TYPE } from '../webhook-delivery.entity';

export class WebhookDeliveryView {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) endpointId: string;
  @ApiProperty({ format: 'uuid', description: 'The event’s id, sent as `webhook-id` at every attempt.' }) eventId: string;
  @ApiProperty({ example: 'employee.created' }) eventType: string;
  @ApiProperty({
    enum: DELIVERY_STATUSES,
    description:
      'pending: an attempt is due (`nextAttemptAt`); succeeded: the endpoint answered 2xx; failed: the schedule is spent, the endpoint answered 410 or was disabled.',
  })
  status: DeliveryStatus;
  @ApiProperty({ type: 'integer', minimum: 0, description: 'Attempts made; each from the second on counts as a webhook retry.' }) attempts: number;
  @ApiProperty({
    type: 'integer',
    nullable: true,
    description: 'The status of the last answer; null when there was none (timeout, refused address, connection error).',
  })
  lastStatusCode: number | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) lastAttemptAt: Date | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When the next attempt is due; null once the delivery ended.' })
  nextAttemptAt: Date | null;
  @ApiProperty({ type: String, format: 'date-time' }) createdAt: Date;
  @ApiProperty({ type: String, format: 'date-time' }) updatedAt: Date;
}

export class WebhookDeliveryAttemptView {
  @ApiProperty({ type: 'integer', minimum: 1 }) attempt: number;
  @ApiProperty({ type: String, format: 'date-time' }) attemptedAt: Date;
  @ApiProperty({ type: 'integer', nullable: true, description: 'null when there was no answer.' }) statusCode: number | null;
  @ApiProperty({ type: 'integer', minimum: 0 }) durationMs: number;
  @ApiProperty({ type: String, nullable: true, maxLength: 1024, description: 'The first 1 KB of the response body.' }) responseBody: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'timeout after 15000 ms', description: 'Why there was no usable answer.' }) error: string | null;
}

/** An event as a delivery carries it: one of the catalogue, or the test event of POST /webhooks/endpoints/{id}/test. */
export class DeliveredEventView extends EventView {
  @ApiProperty({ enum: [...ALL_EVENT_TYPES, TEST_EVENT_TYPE], example: 'employee.created' }) declare type: string;
}

export class WebhookDeliveryDetailView extends WebhookDeliveryView {
  @ApiProperty({ type: DeliveredEventView, description: 'The body every attempt sends.' }) event: DeliveredEventView;
  @ApiProperty({ type: [WebhookDeliveryAttemptView], description: 'Every attempt, first to last.' }) attemptLog: WebhookDeliveryAttemptView[];
}

export class WebhookRecoveryView {
  @ApiProperty({ type: 'integer', minimum: 0, description: 'Failed deliveries put back in the queue, due now.' }) recovered: number;
  @ApiProperty({ description: 'false when more than 10,000 were due: call again.' }) complete: boolean;
}
