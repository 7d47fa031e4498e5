import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { JobsModule } from '@platform/common';
import { HrContactsClient } from '../hr/hr-contacts.client';
import { DeliveryAttempt } from './delivery-attempt.entity';
import { DeliverySender } from './delivery-sender';
import { InboxEntry } from './inbox-entry.entity';
import { InboxService } from './inbox.service';
import { Notification } from './notification.entity';
import { NotificationDelivery } from './notification-delivery.entity';
import { NotificationPreference } from './notification-preference.entity';
import { NotificationsController } from './notifications.controller';
import { NotificationsService } from './notifications.service';
import { CapturedMessage } from './captured-message.entity';
import { PreferencesController } from './preferences.controller';
import { PreferencesService } from './preferences.service';
import { ChannelProviders } from './providers/channel-providers';

@Module({
  imports: [TypeOrmModule.forFeature([NotificationPreference, Notification, InboxEntry, NotificationDelivery, DeliveryAttempt, CapturedMessage]), JobsModule],
  controllers: [PreferencesController, NotificationsController],
  providers: [PreferencesService, NotificationsService, InboxService, HrContactsClient, ChannelProviders, DeliverySender],
})
export class NotificationsModule {}
