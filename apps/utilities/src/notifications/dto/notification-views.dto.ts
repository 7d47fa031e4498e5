import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { CHANNEL_OUTCOMES, ChannelOutcome } from '../notification.entity';
import { DELIVERY_CHANNELS, DELIVERY_STATUSES } from '../notification-delivery.entity';
import { NOTIFICATION_CATEGORIES } from '../notification-preference.entity';

export class ChannelDecisionView {
  @ApiProperty({
    enum: CHANNEL_OUTCOMES,
    description:
      'Decided at send time: `delivered` (inApp: written to the inboxes), `queued` (sent in the background; follow it on GET /notifications/:id), ' +
      '`skipped_by_preference` (the channel is off for the category), `not_applicable` (no recipient has an address for it), `not_requested` (left out of `channels`).',
  })
  outcome: ChannelOutcome;

  @ApiProperty({ description: 'Inboxes written or deliveries queued.' })
  recipients: number;
}

export class ChannelDecisionsView {
  @ApiProperty() inApp: ChannelDecisionView;
  @ApiProperty() email: ChannelDecisionView;
  @ApiProperty() push: ChannelDecisionView;
  @ApiProperty() sms: ChannelDecisionView;
  @ApiProperty() whatsapp: ChannelDecisionView;
}

export class NotificationAcceptedView {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ type: ChannelDecisionsView }) channels: ChannelDecisionsView;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

export class InboxItemView {
  @ApiProperty({ format: 'uuid', description: 'The notification id' }) id: string;
  @ApiProperty({ description: '`company` or the HR employee id whose inbox this is' }) recipient: string;
  @ApiProperty({ enum: NOTIFICATION_CATEGORIES }) category: string;
  @ApiProperty() title: string;
  @ApiProperty() body: string;
  @ApiPropertyOptional({ type: 'object', additionalProperties: true, nullable: true }) data: Record<string, unknown> | null;
  @ApiProperty() read: boolean;
  @ApiProperty({ format: 'date-time', nullable: true }) readAt: string | null;
  @ApiProperty({ format: 'date-time', nullable: true }) archivedAt: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

export class UnreadCountsView {
  @ApiProperty({ description: '`company` or the HR employee id' }) recipient: string;
  @ApiProperty() total: number;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'integer' }, example: { approval: 2, general: 1 }, description: 'Every category, 0 included' })
  byCategory: Record<string, number>;
}

export class ReadAllView {
  @ApiProperty({ description: 'Items marked read' }) updated: number;
}

export class AttemptView {
  @ApiProperty({ format: 'date-time' }) at: string;
  @ApiProperty({ enum: ['sent', 'failed'] }) outcome: string;
  @ApiProperty({ enum: ['smtp', 'http', 'capture'] }) provider: string;
  @ApiProperty() durationMs: number;
  @ApiProperty({ nullable: true }) error: string | null;
}

export class DeliveryView {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ enum: DELIVERY_CHANNELS }) channel: string;
  @ApiProperty({ description: 'Email address, phone number, or employee id (push)' }) recipient: string;
  @ApiProperty({ format: 'uuid', nullable: true }) employeeId: string | null;
  @ApiProperty({ enum: DELIVERY_STATUSES, description: '`pending` until sent, or failed after NOTIFICATION_MAX_ATTEMPTS (or a permanent refusal); `skipped` when the employee has no address for the channel' })
  status: string;
  @ApiProperty({ format: 'date-time', nullable: true }) nextAttemptAt: string | null;
  @ApiProperty({ format: 'date-time', nullable: true }) sentAt: string | null;
  @ApiProperty({ nullable: true }) lastError: string | null;
  @ApiProperty({ type: [AttemptView] }) attempts: AttemptView[];
}

export class InboxStateView {
  @ApiProperty() recipient: string;
  @ApiProperty({ format: 'date-time', nullable: true }) readAt: string | null;
  @ApiProperty({ format: 'date-time', nullable: true }) archivedAt: string | null;
}

export class NotificationView {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ enum: NOTIFICATION_CATEGORIES }) category: string;
  @ApiProperty() title: string;
  @ApiProperty() body: string;
  @ApiPropertyOptional({ type: 'object', additionalProperties: true, nullable: true }) data: Record<string, unknown> | null;
  @ApiProperty({ type: [String] }) recipients: string[];
  @ApiProperty({ type: ChannelDecisionsView, description: 'The decision at send time' }) channels: ChannelDecisionsView;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: [InboxStateView] }) inboxes: InboxStateView[];
  @ApiProperty({ type: [DeliveryView], description: 'Live state of each background delivery with every attempt' }) deliveries: DeliveryView[];
}
