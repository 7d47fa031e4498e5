import { Injectable } from '@nestjs/common';
import { normalizeEmail } from '../accounts/email-limits.service';
import { OrganizationsRepository } from '../organizations/organizations.repository';

/**
 * Who may receive an organization's webhook alerts: a person who verified the address and is a
 * member of the organization now (one who left, or never proved the address, is not).
 */
@Injectable()
export class AlertRecipients {
  constructor(private readonly organizations: OrganizationsRepository) {}

  isVerifiedMember(organizationId: string, email: string): Promise<boolean> {
    return this.organizations.isVerifiedMemberByEmail(organizationId, normalizeEmail(email));
  }
}
