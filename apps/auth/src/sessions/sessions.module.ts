import { Module } from '@nestjs/common';
import { OrganizationsDataModule } from '../organizations/organizations-data.module';
import { TokensModule } from '../tokens/tokens.module';
import { GatewayController } from './gateway.controller';
import { SessionGateway } from './session-gateway.service';
import { SessionsRepository } from './sessions.repository';
import { SessionsService } from './sessions.service';

/**
 * Dashboard sessions and the gateway's session check: the accounts feature opens and ends
 * sessions, the identity feed lists those ended, the gateway asks for a session token per request.
 */
@Module({
  imports: [TokensModule, OrganizationsDataModule],
  controllers: [GatewayController],
  providers: [SessionsService, SessionsRepository, SessionGateway],
  exports: [SessionsService, SessionGateway],
})
export class SessionsModule {}
