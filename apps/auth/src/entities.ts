import { DailyUsage, RequestLogEntry } from './requests/request-log.entities';
import { AccountLink, AuditEntry, Invitation, Membership, PendingSignUp, Session, User } from './accounts/account.entities';
import { DeveloperCredential } from './credentials/developer-credential.entity';
import { Organization } from './organizations/organization.entity';
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
