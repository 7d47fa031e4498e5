import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Membership, User } from '../accounts/account.entities';
import { normalizeEmail } from '../accounts/accounts.service';

/**
 * Who may receive an organization's webhook alerts: a person who verified the address and is a
 * member of the organization now (one who left, or never proved the address, is not).
 */
@Injectable()
export class AlertRecipients {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  isVerifiedMember(organizationId: string, email: string): Promise<boolean> {
    return this.dataSource
      .getRepository(Membership)
      .createQueryBuilder('m')
      .innerJoin(User, 'u', 'u.id = m.userId')
      .where('m.organizationId = :organizationId AND u.email = :email AND u.emailVerifiedAt IS NOT NULL', { organizationId, email: normalizeEmail(email) })
      .getExists();
  }
}
