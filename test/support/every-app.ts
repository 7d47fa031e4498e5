import { BooksModule } from '../../apps/books/src/books.module';
import { HrModule } from '../../apps/hr/src/hr.module';
import { PayModule } from '../../apps/pay/src/pay.module';
import { PayrollModule } from '../../apps/payroll/src/payroll.module';
import { UtilitiesModule } from '../../apps/utilities/src/utilities.module';
import { RunningApp, TestStack } from './stack';

/** The stack's auth and the five other services, each started once, HR's callers pointed at it: by service name. */
export async function startEveryApp(stack: TestStack): Promise<Record<'auth' | 'hr' | 'utilities' | 'payroll' | 'pay' | 'books', RunningApp>> {
  const hr = await stack.startApp(HrModule, 'hr');
  return {
    auth: stack.auth,
    hr,
    utilities: await stack.startApp(UtilitiesModule, 'utilities', { HR_URL: hr.url }),
    payroll: await stack.startApp(PayrollModule, 'payroll', { HR_URL: hr.url }),
    pay: await stack.startApp(PayModule, 'pay'),
    books: await stack.startApp(BooksModule, 'books'),
  };
}
