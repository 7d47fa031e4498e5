import { Type } from '@nestjs/common';
import { ServiceName } from '@platform/contracts';
import { BooksModule } from '../../apps/books/src/books.module';
import { HrModule } from '../../apps/hr/src/hr.module';
import { PayModule } from '../../apps/pay/src/pay.module';
import { PayrollModule } from '../../apps/payroll/src/payroll.module';
import { UtilitiesModule } from '../../apps/utilities/src/utilities.module';

/** Every product app (all but auth, which TestStack starts), for tests that run the whole suite. */
export const PRODUCT_APPS: [Type, ServiceName][] = [
  [HrModule, 'hr'],
  [UtilitiesModule, 'utilities'],
  [PayrollModule, 'payroll'],
  [PayModule, 'pay'],
  [BooksModule, 'books'],
];
