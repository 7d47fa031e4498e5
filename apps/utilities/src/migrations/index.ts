import { DATA_MIGRATIONS } from '@platform/data';
import { Initial1795352590224 } from './1795352590224-Initial';
import { NotificationsAndFiles1795355246768 } from './1795355246768-NotificationsAndFiles';
import { Documents1795356340444 } from './1795356340444-Documents';
import { FileLinkVersions1795704582697 } from './1795704582697-FileLinkVersions';
import { CapturedMessages1795717453393 } from './1795717453393-CapturedMessages';
import { DocumentJobsOnTheQueue1795720460630 } from './1795720460630-DocumentJobsOnTheQueue';
import { WebhookEndpoints1795800000000 } from './1795800000000-WebhookEndpoints';
import { WebhookEventsAndDeliveries1795800100000 } from './1795800100000-WebhookEventsAndDeliveries';
import { ListSync1795810000000 } from './1795810000000-ListSync';
import { CursorKeys1795870000000 } from './1795870000000-CursorKeys';
import { ListFilters1795910000000 } from './1795910000000-ListFilters';
import { WebhookRetryRequests1796003000000 } from './1796003000000-WebhookRetryRequests';
import { WebhookEndpointAlerts1796003100000 } from './1796003100000-WebhookEndpointAlerts';

export const UTILITIES_MIGRATIONS: Function[] = [
  Initial1795352590224,
  NotificationsAndFiles1795355246768,
  Documents1795356340444,
  FileLinkVersions1795704582697,
  ...DATA_MIGRATIONS, // the outbox, owned by the data library (this app's own EventOutbox1795716327578 until then)
  CapturedMessages1795717453393,
  DocumentJobsOnTheQueue1795720460630,
  WebhookEndpoints1795800000000,
  WebhookEventsAndDeliveries1795800100000,
  ListSync1795810000000,
  CursorKeys1795870000000,
  ListFilters1795910000000,
  WebhookRetryRequests1796003000000,
  WebhookEndpointAlerts1796003100000,
];
