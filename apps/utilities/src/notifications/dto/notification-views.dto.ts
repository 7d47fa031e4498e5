import { ApiProperty } from '@nestjs/swagger';
import { CHANNEL_OUTCOMES, ChannelOutcome } from '../notification.entity';
import { DELIVERY_CHANNELS, DELIVERY_STATUSES } from '../notification-delivery.entity';
import { NOTIFICATION_CATEGORIES, NotificationCategory } from '../notification-preference.entity';

export class ChannelDecisionView {
  @ApiProperty({
    enum: CHANNEL_OUTCOMES,
    description:
      'Decided at send time: `delivered` (inApp: written to the inboxes), `queued` (sent in the background; follow it on GET /notifications/:id), ' +
      '`skipped_by_preference` (the channel is off for the category), `not_applicable` (no recipient has an address for it), `not_requested` (left out of `channels`).',
  })
  outcome: ChannelOutcome;

  @ApiProperty({ type: 'integer', minimum: 0, description: 'Inboxes written or deliveries queued.' })
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
  @ApiProperty({ type: String, format: 'date-time' }) createdAt: string;
}

export class InboxItemView {
  @ApiProperty({ format: 'uuid', description: 'The notification id' }) id: string;
  @ApiProperty({ example: 'company', description: '`company` or the HR employee id whose inbox this is' }) recipient: string;
  @ApiProperty({ enum: NOTIFICATION_CATEGORIES }) category: string;
  @ApiProperty() title: string;
  @ApiProperty() body: string;
  @ApiProperty({ type: 'object', additionalProperties: true, nullable: true, description: 'The free JSON sent with the notification' }) data: Record<
    string,
    unknown
  > | null;
  @ApiProperty() read: boolean;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) readAt: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'Always null in an inbox list: archived items leave it' }) archivedAt:
    string | null;
  @ApiProperty({ type: String, format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: String, format: 'date-time', description: 'When the item last changed in this inbox (read, unread): what `updatedSince` compares.' })
  updatedAt: string;
}

export class UnreadCountsView {
  @ApiProperty({ example: 'company', description: '`company` or the HR employee id' }) recipient: string;
  @ApiProperty({ type: 'integer', minimum: 0 }) total: number;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'integer' }, example: { approval: 2, general: 1 }, description: 'Every category, 0 included' })
  byCategory: Record<string, number>;
}

export class ReadAllView {
  @ApiProperty({ type: 'integer', minimum: 0, description: 'Items marked read' }) updated: number;
}

export class AttemptView {
  @ApiProperty({ type: String, format: 'date-time' }) at: string;
  @ApiProperty({ enum: ['sent', 'failed'] }) outcome: string;
  @ApiProperty({ enum: ['smtp', 'http', 'capture'] }) provider: string;
  @ApiProperty({ type: 'integer', minimum: 0 }) durationMs: number;
  @ApiProperty({ type: String, nullable: true }) error: string | null;
}

export class DeliveryView {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ enum: DELIVERY_CHANNELS }) channel: string;
  @ApiProperty({ description: 'Email address, phone number, or employee id (push)' }) recipient: string;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) employeeId: string | null;
  @ApiProperty({
    enum: DELIVERY_STATUSES,
    description:
      '`pending` until sent, or failed after NOTIFICATION_MAX_ATTEMPTS (or a permanent refusal); `skipped` when the employee has no address for the channel',
  })
  status: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) nextAttemptAt: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) sentAt: string | null;
  @ApiProperty({ type: String, nullable: true }) lastError: string | null;
  @ApiProperty({ type: [AttemptView] }) attempts: AttemptView[];
}

export class InboxStateView {
  @ApiProperty({ example: 'company', description: '`company` or the HR employee id' }) recipient: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) readAt: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) archivedAt: string | null;
}

export class NotificationView {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ enum: NOTIFICATION_CATEGORIES }) category: string;
  @ApiProperty() title: string;
  @ApiProperty() body: string;
  @ApiProperty({ type: 'object', additionalProperties: true, nullable: true, description: 'The free JSON sent with the notification' }) data: Record<
    string,
    unknown
  > | null;
  @ApiProperty({ type: [String], description: 'As sent: HR employee ids, email addresses, phone numbers; empty for the company inbox' }) recipients: string[];
  @ApiProperty({ type: ChannelDecisionsView, description: 'The decision at send time' }) channels: ChannelDecisionsView;
  @ApiProperty({ type: String, format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: [InboxStateView] }) inboxes: InboxStateView[];
  @ApiProperty({ type: [DeliveryView], description: 'Live state of each background delivery with every attempt' }) deliveries: DeliveryView[];
}

export class PreferenceView {
  @ApiProperty({ enum: NOTIFICATION_CATEGORIES, example: 'approval' }) category: NotificationCategory;
  @ApiProperty() inApp: boolean;
  @ApiProperty() email: boolean;
  @ApiProperty() push: boolean;
  @ApiProperty() sms: boolean;
  @ApiProperty() whatsapp: boolean;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'null while the category still has its defaults' }) updatedAt: string | null;
}

export class PreferencesView {
  @ApiProperty({ type: [PreferenceView], description: 'The nine categories, stored or default' }) items: PreferenceView[];
}

/** `data` of the `notification.delivered` and `notification.failed` events: the delivery as it settled. */
export class SettledDeliveryView {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) companyId: string;
  @ApiProperty({ format: 'uuid' }) notificationId: string;
  @ApiProperty({ enum: DELIVERY_CHANNELS }) channel: string;
  @ApiProperty({ description: 'Email address, phone number, or employee id (push)', example: 'finance@example.cm' }) recipient: string;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) employeeId: string | null;
  @ApiProperty({ enum: ['sent', 'failed'], description: '`sent` (notification.delivered), or `failed` for good (notification.failed)' }) status: string;
  @ApiProperty({ type: 'integer', minimum: 1, example: 1 }) attempts: number;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'Always null: a settled delivery is not tried again' }) nextAttemptAt:
    string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Why the last attempt failed' }) lastError: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) sentAt: string | null;
  @ApiProperty({ type: String, format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: String, format: 'date-time' }) updatedAt: string;
}
