import { Global, Module } from '@nestjs/common';
import { IdentitySource } from '@platform/pipeline';
import { SessionsModule } from '../accounts/sessions.module';
import { CredentialsModule } from '../credentials/credentials.module';
import { TokensModule } from '../tokens/tokens.module';
import { WorkspacesModule } from '../workspaces/workspaces.module';
import { AlertRecipients } from './alert-recipients';
import { InternalController } from './internal.controller';
import { LocalIdentitySource } from './local-identity.source';

/**
 * auth's own identity facts (its signing key, rotations, which companies an organization may
 * act for) and the internal routes that serve them to the other services. Global because the
 * shared pipeline's guards and JWT strategy, providers of PlatformModule (libs/data, over libs/pipeline), inject
 * IdentitySource: every other service gets the remote one from PlatformModule itself, auth gets
 * this one, and PlatformModule cannot import an app's module.
 */
@Global()
@Module({
  imports: [TokensModule, CredentialsModule, WorkspacesModule, SessionsModule],
  controllers: [InternalController],
  providers: [LocalIdentitySource, AlertRecipients, { provide: IdentitySource, useExisting: LocalIdentitySource }],
  exports: [LocalIdentitySource, IdentitySource],
})
export class IdentityModule {}
