import { Module } from '@nestjs/common';
import { CredentialsModule } from '../credentials/credentials.module';
import { IdentityModule } from '../identity/identity.module';
import { RequestLogModule } from '../request-log/request-log.module';
import { TokensModule } from '../tokens/tokens.module';
import { AuthorizeController } from './authorize.controller';

/** The developer's own routes: token exchange, plan and usage, secret rotation. */
@Module({
  imports: [CredentialsModule, TokensModule, IdentityModule, RequestLogModule],
  controllers: [AuthorizeController],
})
export class AuthorizeModule {}
