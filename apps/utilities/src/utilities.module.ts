import { Module } from '@nestjs/common';
import { describeService } from '@platform/contracts';
import { PlatformModule } from '@platform/data';
import { UTILITIES_ENTITIES } from './entities';
import { UTILITIES_MIGRATIONS } from './migrations';
import { DocumentsModule } from './documents/documents.module';
import { FilesModule } from './files/files.module';
import { NotificationsModule } from './notifications/notifications.module';
import { WebhooksModule } from './webhooks/webhooks.module';

export const UTILITIES_SERVICE = describeService('utilities');

@Module({
  imports: [
    PlatformModule.forService({ service: UTILITIES_SERVICE, data: { entities: UTILITIES_ENTITIES, migrations: UTILITIES_MIGRATIONS } }),
    NotificationsModule,
    FilesModule,
    DocumentsModule,
    WebhooksModule,
  ],
})
export class UtilitiesModule {}
