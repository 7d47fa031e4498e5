import { DATA_MIGRATIONS } from '@platform/data';
import { PayDomain1795355060449 } from './1795355060449-PayDomain';
import { ListSync1795810000000 } from './1795810000000-ListSync';
import { CursorKeys1795870000000 } from './1795870000000-CursorKeys';
import { ListFilters1795910000000 } from './1795910000000-ListFilters';

export const PAY_MIGRATIONS: Function[] = [
  PayDomain1795355060449,
  ...DATA_MIGRATIONS, // the outbox, owned by the data library (this app's own EventOutbox1795716248571 until then)
  ListSync1795810000000,
  CursorKeys1795870000000,
  ListFilters1795910000000,
];
