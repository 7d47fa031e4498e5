import { DATA_MIGRATIONS } from '@platform/data';
import { PayrollRuns1795354294316 } from './1795354294316-PayrollRuns';
import { PayAndPost1795355798771 } from './1795355798771-PayAndPost';
import { BooksPostings1795717506769 } from './1795717506769-BooksPostings';
import { ListSync1795810000000 } from './1795810000000-ListSync';
import { PayslipCompanyRunIndex1795860000000 } from './1795860000000-PayslipCompanyRunIndex';
import { BulkPayouts1795860000001 } from './1795860000001-BulkPayouts';
import { CursorKeys1795870000000 } from './1795870000000-CursorKeys';
import { ListFilters1795910000000 } from './1795910000000-ListFilters';

export const PAYROLL_MIGRATIONS: Function[] = [
  PayrollRuns1795354294316,
  PayAndPost1795355798771,
  ...DATA_MIGRATIONS, // the outbox, owned by the data library (this app's own EventOutbox1795716371045 until then)
  BooksPostings1795717506769,
  ListSync1795810000000,
  PayslipCompanyRunIndex1795860000000,
  BulkPayouts1795860000001,
  CursorKeys1795870000000,
  ListFilters1795910000000,
];
