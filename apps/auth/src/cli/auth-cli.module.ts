import { Module } from '@nestjs/common';
import { describeService, SERVICE_DESCRIPTOR } from '@platform/contracts';
import { PlatformConfigModule } from '@platform/pipeline';
import { DatabaseModule, EventOutbox, JobQueue, Transactions } from '@platform/data';
import { CredentialsRepository } from '../credentials/credentials.repository';
import { CredentialsService } from '../credentials/credentials.service';
import { AUTH_ENTITIES } from '../entities';
import { AUTH_MIGRATIONS } from '../migrations';
import { OrganizationsRepository } from '../organizations/organizations.repository';

/**
 * Just the store and its outbox: the CLI works beside a running suite, on its DATABASE_URL or its
 * PostgreSQL in DATA_DIR. Events it records are relayed by the suite's runner, not the CLI's.
 */
@Module({
  imports: [PlatformConfigModule, DatabaseModule.forService({ service: 'auth', entities: AUTH_ENTITIES, migrations: AUTH_MIGRATIONS })],
  providers: [
    { provide: SERVICE_DESCRIPTOR, useValue: describeService('auth') },
    CredentialsService,
    CredentialsRepository,
    OrganizationsRepository,
    Transactions,
    JobQueue,
    EventOutbox,
  ],
})
export class AuthCliModule {}
