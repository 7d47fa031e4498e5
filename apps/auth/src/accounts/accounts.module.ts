import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { OrganizationsDataModule } from '../organizations/organizations-data.module';
import { OrganizationsModule } from '../organizations/organizations.module';
import { SessionsModule } from '../sessions/sessions.module';
import { AccountController } from './account.controller';
import { AccountEmailsModule } from './account-emails.module';
import { AccountsService } from './accounts.service';
import { DeviceCookies } from './device-cookies.service';
import { EmailLimits } from './email-limits.service';
import { SignInLimits } from './sign-in-limits.service';
import { SignUpsService } from './sign-ups.service';

/** People's accounts: sign-up and email verification, sign-in under the failure limits, passwords, sessions, invitations accepted. */
@Module({
  imports: [AccountEmailsModule, SessionsModule, AuditModule, OrganizationsDataModule, OrganizationsModule],
  controllers: [AccountController],
  providers: [AccountsService, SignUpsService, SignInLimits, DeviceCookies, EmailLimits],
})
export class AccountsModule {}
