import { Global, Module } from '@nestjs/common';
import { IdentitySource } from '@platform/pipeline';
import { OrganizationsDataModule } from '../organizations/organizations-data.module';
import { SessionsModule } from '../sessions/sessions.module';
import { CredentialsModule } from '../credentials/credentials.module';
import { TokensModule } from '../tokens/tokens.module';
import { WorkspacesModule } from '../workspaces/workspaces.module';
import { AlertRecipients } from './alert-recipients.service';
import { InternalIdentityController } from './internal-identity.controller';
import { LocalIdentitySource } from './local-identity.source';

/**
 * auth's own identity facts (its signing key, rotations, which companies an organization may
 * act for) and the internal routes that serve them to the other services. Global because the
 * shared pipeline's guards and JWT strategy, providers of PlatformModule in libs/common, inject
 * IdentitySource: every other service gets the remote one from PlatformModule itself, auth gets
 * this one, and PlatformModule cannot import an app's module.
 */
@Global()
@Module({
  imports: [TokensModule, CredentialsModule, WorkspacesModule, SessionsModule, OrganizationsDataModule],
  controllers: [InternalIdentityController],
  providers: [LocalIdentitySource, AlertRecipients, { provide: IdentitySource, useExisting: LocalIdentitySource }],
  exports: [LocalIdentitySource, IdentitySource],
})
export class IdentityModule {}
