import { AccountLink } from './accounts/account-link.entity';
import { PendingSignUp } from './accounts/pending-sign-up.entity';
import { User } from './accounts/user.entity';
import { AuditEntry } from './audit/audit-entry.entity';
import { DeveloperCredential } from './credentials/developer-credential.entity';
import { Invitation } from './organizations/invitation.entity';
import { Membership } from './organizations/membership.entity';
import { Organization } from './organizations/organization.entity';
import { DailyUsage } from './request-log/daily-usage.entity';
import { RequestLogEntry } from './request-log/request-log-entry.entity';
import { Session } from './sessions/session.entity';
import { ClientCompany } from './workspaces/client-company.entity';
import { Workspace } from './workspaces/workspace.entity';

export const AUTH_ENTITIES = [
  Organization,
  DeveloperCredential,
  Workspace,
  ClientCompany,
  User,
  PendingSignUp,
  Membership,
  Session,
  AccountLink,
  Invitation,
  AuditEntry,
  RequestLogEntry,
  DailyUsage,
];
