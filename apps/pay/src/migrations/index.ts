import { PayDomain1795355060449 } from './1795355060449-PayDomain';
import { EventOutbox1795716248571 } from './1795716248571-EventOutbox';
import { ListSync1795810000000 } from './1795810000000-ListSync';
import { CursorKeys1795870000000 } from './1795870000000-CursorKeys';
import { ListFilters1795910000000 } from './1795910000000-ListFilters';

export const PAY_MIGRATIONS: Function[] = [
  PayDomain1795355060449,
  EventOutbox1795716248571,
  ListSync1795810000000,
  CursorKeys1795870000000,
  ListFilters1795910000000,
];
