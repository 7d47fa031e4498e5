import { Module } from '@nestjs/common';
import { describeService } from '@platform/contracts';
import { PlatformModule } from '@platform/data';
import { AccountsModule } from './accounts/accounts.module';
import { AuditModule } from './audit/audit.module';
import { AuthorizeModule } from './authorize/authorize.module';
import { CredentialsModule } from './credentials/credentials.module';
import { DashboardModule } from './dashboard/dashboard.module';
import { DocsModule } from './docs/docs.module';
import { AUTH_ENTITIES } from './entities';
import { IdentityModule } from './identity/identity.module';
import { AUTH_MIGRATIONS } from './migrations';
import { OrganizationsModule } from './organizations/organizations.module';
import { RequestLogModule } from './request-log/request-log.module';
import { SessionsModule } from './sessions/sessions.module';
import { TokensModule } from './tokens/tokens.module';
import { WorkspacesModule } from './workspaces/workspaces.module';

export const AUTH_SERVICE = describeService('auth');

@Module({
  imports: [
    PlatformModule.forService({ service: AUTH_SERVICE, data: { entities: AUTH_ENTITIES, migrations: AUTH_MIGRATIONS } }),
    CredentialsModule,
    TokensModule,
    WorkspacesModule,
    IdentityModule,
    AuthorizeModule,
    DocsModule,
    DashboardModule,
    AccountsModule,
    OrganizationsModule,
    SessionsModule,
    AuditModule,
    RequestLogModule,
  ],
})
export class AuthModule {}
