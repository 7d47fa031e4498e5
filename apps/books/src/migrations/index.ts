import { DATA_MIGRATIONS } from '@platform/data';
import { BooksDomain1795355336440 } from './1795355336440-BooksDomain';
import { ListSync1795810000000 } from './1795810000000-ListSync';
import { AccountLinesIndex1795860000000 } from './1795860000000-AccountLinesIndex';
import { CursorKeys1795870000000 } from './1795870000000-CursorKeys';
import { AccountMonths1795880000000 } from './1795880000000-AccountMonths';
import { EntryLinesIndex1795900000000 } from './1795900000000-EntryLinesIndex';
import { ListFilters1795910000000 } from './1795910000000-ListFilters';

export const BOOKS_MIGRATIONS: Function[] = [
  BooksDomain1795355336440,
  ...DATA_MIGRATIONS, // the outbox, owned by the data library (this app's own EventOutbox1795716415502 until then)
  ListSync1795810000000,
  AccountLinesIndex1795860000000,
  CursorKeys1795870000000,
  AccountMonths1795880000000,
  EntryLinesIndex1795900000000,
  ListFilters1795910000000,
];
