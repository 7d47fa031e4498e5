import { Module } from '@nestjs/common';
import { HrContactsClient } from '../hr/hr-contacts.client';
import { AccountEmailsController } from './account-emails.controller';
import { DeliverySender } from './delivery-sender';
import { InboxService } from './inbox.service';
import { NotificationsController } from './notifications.controller';
import { NotificationsService } from './notifications.service';
import { PreferencesController } from './preferences.controller';
import { PreferencesService } from './preferences.service';
import { ChannelProviders } from './providers/channel-providers';

@Module({
  controllers: [PreferencesController, NotificationsController, AccountEmailsController],
  providers: [PreferencesService, NotificationsService, InboxService, HrContactsClient, ChannelProviders, DeliverySender],
  exports: [NotificationsService],
})
export class NotificationsModule {}
