import { Type } from '@nestjs/common';
import { RouteAudit, ServiceName } from '@platform/common';
import { AuthModule } from '../apps/auth/src/auth.module';
import { BooksModule } from '../apps/books/src/books.module';
import { HrModule } from '../apps/hr/src/hr.module';
import { PayModule } from '../apps/pay/src/pay.module';
import { PayrollModule } from '../apps/payroll/src/payroll.module';
import { UtilitiesModule } from '../apps/utilities/src/utilities.module';
import { TestStack } from './support/stack';

const PRODUCTS: [Type, ServiceName][] = [
  [HrModule, 'hr'],
  [UtilitiesModule, 'utilities'],
  [PayrollModule, 'payroll'],
  [PayModule, 'pay'],
  [BooksModule, 'books'],
];

/**
 * Every route of the suite with its access declaration. A route that turns public, loses its
 * scope or appears unnoticed changes this snapshot; a route with no declaration stops the boot.
 */
describe('route access declarations', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await TestStack.start({ redis: false });
    for (const [module, name] of PRODUCTS) await stack.startApp(module, name);
  });
  afterAll(() => stack.stop());

  it('lists every route with its auth and scope', () => {
    const table = stack.apps
      .flatMap((running) => running.app.get(RouteAudit).routes().map((route) => `${running.name.padEnd(9)} ${route.method.padEnd(6)} ${route.path.padEnd(48)} ${route.access}${route.scopes.length ? ` ${route.scopes.join(',')}` : ''}`))
      .join('\n');
    expect(table).not.toContain('UNDECLARED');
    expect(table).toMatchSnapshot();
  });

});
