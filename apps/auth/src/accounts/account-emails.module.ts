import { Module } from '@nestjs/common';
import { OrganizationsDataModule } from '../organizations/organizations-data.module';
import { AccountEmails } from './account-emails.service';
import { AccountsRepository } from './accounts.repository';
import { SignUpsRepository } from './sign-ups.repository';

/**
 * The account emails and the accounts' repositories, in a module of their own: the accounts
 * feature sends sign-up, reset and unlock emails, and the organizations feature, which the
 * accounts feature imports (accepting an invitation), sends invitations and marks the address
 * an invitation reached as verified.
 */
@Module({
  imports: [OrganizationsDataModule],
  providers: [AccountEmails, AccountsRepository, SignUpsRepository],
  exports: [AccountEmails, AccountsRepository, SignUpsRepository],
})
export class AccountEmailsModule {}
