import {
  AuthContract,
  BooksContract,
  UtilitiesContract,
  eventsRoute,
  HrContract,
  InternalRoute,
  PayContract,
  PayrollContract,
  RouteTypes,
  SERVICES,
  ServiceName,
} from '@platform/contracts';
import { RouteAudit } from '@platform/pipeline';
import { PRODUCT_APPS } from '@test/support/products';
import { TestStack } from '@test/support/stack';

/**
 * Every route of the suite with its access declaration. A route that turns public, loses its
 * scope or appears unnoticed changes this snapshot; a route with no declaration stops the boot.
 */
describe('route access declarations', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await TestStack.start({ redis: false });
    for (const [module, name] of PRODUCT_APPS) await stack.startApp(module, name);
  });
  afterAll(() => stack.stop());

  it('lists every route with its auth and scope', () => {
    const table = stack.apps
      .flatMap((running) =>
        running.app
          .get(RouteAudit)
          .routes()
          .map(
            (route) =>
              `${running.name.padEnd(9)} ${route.method.padEnd(6)} ${route.path.padEnd(48)} ${route.access}${route.scopes.length ? ` ${route.scopes.join(',')}` : ''}`,
          ),
      )
      .join('\n');
    expect(table).not.toContain('UNDECLARED');
    expect(table).toMatchSnapshot();
  });

  it('serves every internal route of the contracts, raw, and no internal route outside them', () => {
    const declared = [AuthContract, HrContract, PayrollContract, PayContract, BooksContract, UtilitiesContract]
      // a contract also exports its bounds (page sizes): only its routes are objects
      .flatMap((contract) => Object.values(contract).filter((value): value is InternalRoute<RouteTypes> => typeof value === 'object'))
      .filter((route) => route.path.startsWith('/internal/'))
      .concat((Object.keys(SERVICES) as ServiceName[]).map((service) => eventsRoute(service)))
      .map((route) => `${route.method} ${route.path}`);
    const served = stack.apps.flatMap((running) => running.app.get(RouteAudit).routes()).filter((route) => route.access === 'internal');
    expect(served.map((route) => `${route.method} ${route.path}`).sort()).toEqual(declared.sort());
    // one answer shape: the response's JSON as it is (refusals are the error envelope, as everywhere)
    expect(served.filter((route) => !route.response.raw)).toEqual([]);
  });
});
