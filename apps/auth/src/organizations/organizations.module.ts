import { Module } from '@nestjs/common';
import { AccountEmailsModule } from '../accounts/account-emails.module';
import { AuditModule } from '../audit/audit.module';
import { CredentialsModule } from '../credentials/credentials.module';
import { RequestLogModule } from '../request-log/request-log.module';
import { KeysService } from './keys.service';
import { OrganizationsDataModule } from './organizations-data.module';
import { OrganizationsController } from './organizations.controller';
import { OrganizationsService } from './organizations.service';

/** Organizations as people see them in the dashboard: members, roles, invitations, keys, the audit log, usage and recent requests. */
@Module({
  imports: [AccountEmailsModule, AuditModule, CredentialsModule, RequestLogModule, OrganizationsDataModule],
  controllers: [OrganizationsController],
  providers: [OrganizationsService, KeysService],
  exports: [OrganizationsService],
})
export class OrganizationsModule {}
