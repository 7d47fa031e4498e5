import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { IdentitySource } from '@platform/common';
import { CredentialsService } from './credentials/credentials.service';
import { AUTH_ENTITIES } from './entities';
import { LocalIdentitySource } from './identity/local-identity.source';
import { SigningKeys } from './tokens/signing-keys.service';
import { TokensService } from './tokens/tokens.service';
import { WorkspacesService } from './workspaces/workspaces.service';

/** auth's stores and its identity source, which the shared pipeline uses in this service. */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature(AUTH_ENTITIES)],
  providers: [
    SigningKeys,
    CredentialsService,
    TokensService,
    WorkspacesService,
    LocalIdentitySource,
    { provide: IdentitySource, useExisting: LocalIdentitySource },
  ],
  exports: [SigningKeys, CredentialsService, TokensService, WorkspacesService, LocalIdentitySource, IdentitySource],
})
export class AuthCoreModule {}
