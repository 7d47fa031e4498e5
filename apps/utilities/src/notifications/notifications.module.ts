import { Module } from '@nestjs/common';
import { HrContactsClient } from './clients/hr-contacts.client';
import { AccountEmailsController } from './account-emails.controller';
import { DeliverySender } from './delivery-sender.service';
import { InboxService } from './inbox.service';
import { NotificationsController } from './notifications.controller';
import { NotificationsService } from './notifications.service';
import { PreferencesController } from './preferences.controller';
import { PreferencesService } from './preferences.service';
import { ChannelProviders } from './providers/channel-providers.service';

@Module({
  controllers: [PreferencesController, NotificationsController, AccountEmailsController],
  providers: [PreferencesService, NotificationsService, InboxService, HrContactsClient, ChannelProviders, DeliverySender],
  exports: [NotificationsService],
})
export class NotificationsModule {}
