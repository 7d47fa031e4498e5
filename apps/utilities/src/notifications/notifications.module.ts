import { Module } from '@nestjs/common';
import { HrContactsClient } from './clients/hr-contacts.client';
import { AccountEmailsController } from './account-emails.controller';
import { DeliverySender } from './delivery-sender.service';
import { InboxRepository } from './inbox.repository';
import { InboxService } from './inbox.service';
import { NotificationsController } from './notifications.controller';
import { NotificationsRepository } from './notifications.repository';
import { NotificationsService } from './notifications.service';
import { PreferencesController } from './preferences.controller';
import { PreferencesRepository } from './preferences.repository';
import { PreferencesService } from './preferences.service';
import { ChannelProviders } from './providers/channel-providers.service';

/** What the other contexts use of notifications: sending one (webhooks alert a company through it). */
export { NotificationsService } from './notifications.service';

@Module({
  controllers: [PreferencesController, NotificationsController, AccountEmailsController],
  providers: [
    PreferencesRepository,
    NotificationsRepository,
    InboxRepository,
    PreferencesService,
    NotificationsService,
    InboxService,
    HrContactsClient,
    ChannelProviders,
    DeliverySender,
  ],
  exports: [NotificationsService],
})
export class NotificationsModule {}
