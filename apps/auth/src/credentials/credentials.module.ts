import { Module } from '@nestjs/common';
import { OrganizationsDataModule } from '../organizations/organizations-data.module';
import { CredentialsRepository } from './credentials.repository';
import { CredentialsService } from './credentials.service';

/** Organizations' developer credentials: keys, hashed secrets, rotation. */
@Module({
  imports: [OrganizationsDataModule],
  providers: [CredentialsService, CredentialsRepository],
  exports: [CredentialsService],
})
export class CredentialsModule {}
