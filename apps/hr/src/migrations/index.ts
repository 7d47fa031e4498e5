import { DATA_MIGRATIONS } from '@platform/data';
import { Initial1795352584172 } from './1795352584172-Initial';
import { HrDomain1795354075875 } from './1795354075875-HrDomain';
import { EventOutbox1795716464513 } from './1795716464513-EventOutbox';
import { ListSync1795810000000 } from './1795810000000-ListSync';
import { EmployeeListFilters1795880000000 } from './1795880000000-EmployeeListFilters';
import { CursorKeys1795890000000 } from './1795890000000-CursorKeys';
import { ListFilters1795910000000 } from './1795910000000-ListFilters';
import { ContractExternalIds1796004000000 } from './1796004000000-ContractExternalIds';

export const HR_MIGRATIONS: Function[] = [
  Initial1795352584172,
  HrDomain1795354075875,
  EventOutbox1795716464513,
  ...DATA_MIGRATIONS, // the outbox's owner: a no-op after EventOutbox1795716464513 made hr's table the same
  ListSync1795810000000,
  EmployeeListFilters1795880000000,
  CursorKeys1795890000000,
  ListFilters1795910000000,
  ContractExternalIds1796004000000,
];
