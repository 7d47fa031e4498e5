import { DATA_MIGRATIONS } from '@platform/data';
import { Initial1795352576881 } from './1795352576881-Initial';
import { CredentialsWriteScope1795704218951 } from './1795704218951-CredentialsWriteScope';
import { CredentialRevocation1795790000000 } from './1795790000000-CredentialRevocation';
import { WebhookScopes1795800000000 } from './1795800000000-WebhookScopes';
import { ListSync1795810000000 } from './1795810000000-ListSync';
import { CredentialKeys1795820000000 } from './1795820000000-CredentialKeys';
import { Accounts1795830000000 } from './1795830000000-Accounts';
import { RequestLog1795840000000 } from './1795840000000-RequestLog';
import { DailyUsageDay1795850000000 } from './1795850000000-DailyUsageDay';
import { CursorKeys1795870000000 } from './1795870000000-CursorKeys';
import { ListFilters1795910000000 } from './1795910000000-ListFilters';
import { AuditLogRanges1795920000000 } from './1795920000000-AuditLogRanges';
import { PendingSignUps1796000000000 } from './1796000000000-PendingSignUps';
import { InvitationAndKeyLimits1796001000000 } from './1796001000000-InvitationAndKeyLimits';

export const AUTH_MIGRATIONS: Function[] = [
  Initial1795352576881,
  CredentialsWriteScope1795704218951,
  ...DATA_MIGRATIONS, // the outbox, owned by the data library (this app's own EventOutbox1795716300184 until then)
  CredentialRevocation1795790000000,
  WebhookScopes1795800000000,
  ListSync1795810000000,
  CredentialKeys1795820000000,
  Accounts1795830000000,
  RequestLog1795840000000,
  DailyUsageDay1795850000000,
  CursorKeys1795870000000,
  ListFilters1795910000000,
  AuditLogRanges1795920000000,
  PendingSignUps1796000000000,
  InvitationAndKeyLimits1796001000000,
];
