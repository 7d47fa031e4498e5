import { Module } from '@nestjs/common';
import { CredentialsModule } from '../credentials/credentials.module';
import { RequestLogController } from '../requests/request-log.controller';
import { RequestLogService } from '../requests/request-log.service';
import { TokensModule } from '../tokens/tokens.module';
import { AccountController } from './account.controller';
import { AccountEmails } from './account-emails';
import { AccountsService } from './accounts.service';
import { AuditController } from './audit.controller';
import { AuditService } from './audit.service';
import { DeviceCookies } from './device-cookies';
import { EmailLimits } from './email-limits';
import { GatewayController } from './gateway.controller';
import { KeysService } from './keys.service';
import { OrganizationsController } from './organizations.controller';
import { OrganizationsService } from './organizations.service';
import { SessionGateway } from './session-gateway';
import { SessionsModule } from './sessions.module';
import { SignInLimits } from './sign-in-limits';
import { SignUpsService } from './sign-ups.service';

/** People's accounts, their organizations and keys in the dashboard, and the gateway's session check. */
@Module({
  imports: [CredentialsModule, TokensModule, SessionsModule],
  controllers: [AccountController, OrganizationsController, GatewayController, RequestLogController, AuditController],
  providers: [RequestLogService, AccountsService, SignUpsService, SignInLimits, DeviceCookies, EmailLimits, OrganizationsService, KeysService, AuditService, AccountEmails, SessionGateway],
  exports: [SessionGateway],
})
export class AccountsModule {}
