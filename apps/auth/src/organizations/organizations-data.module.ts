import { Module } from '@nestjs/common';
import { OrganizationsRepository } from './organizations.repository';

/**
 * The organizations' repository, in a module of its own: sign-ups make organizations and their
 * first member, the gateway reads a member's role and the identity routes a verified member,
 * while the organizations feature imports the accounts feature (its invitation emails), so the
 * accounts feature cannot import it back.
 */
@Module({
  providers: [OrganizationsRepository],
  exports: [OrganizationsRepository],
})
export class OrganizationsDataModule {}
