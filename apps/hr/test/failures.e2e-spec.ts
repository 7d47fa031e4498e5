import { DataSource } from 'typeorm';
import { HrModule } from '../src/hr.module';
import { call, sleep } from '../../../test/support/http';
import { expectError, TestStack } from '../../../test/support/stack';

describe('HR when a dependency fails', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await TestStack.start();
  });
  afterAll(() => stack.stop());

  it('answers 500 INTERNAL_ERROR with a generic body when its database is gone, and readiness turns 503', async () => {
    const hr = await stack.startApp(HrModule, 'hr');
    const dev = await stack.developer();
    expect((await dev.call(hr, 'GET', '/api/v1/hr/employees')).status).toBe(200);
    await hr.app.get(DataSource).destroy();

    const failed = await dev.call(hr, 'GET', '/api/v1/hr/employees', { headers: { 'x-request-id': 'db-down-1' } });
    expectError(failed, 500, 'INTERNAL_ERROR');
    expect(failed.body.message).toBe('An unexpected error occurred. Please try again later.');
    expect(failed.headers.get('x-request-id')).toBe('db-down-1');
    expect(failed.text).not.toMatch(/SELECT|employees|TypeORM|at .*\.(ts|js)|stack|postgres/i);
    expect(Object.keys(failed.body).sort()).toEqual(['code', 'message', 'statusCode', 'success', 'timestamp']);

    const french = await dev.call(hr, 'GET', '/api/v1/hr/employees', { headers: { 'accept-language': 'fr' } });
    expect(french.body.message).toBe('Une erreur inattendue est survenue. Veuillez réessayer plus tard.');

    const ready = await call(hr.url, 'GET', '/healthz/ready');
    expectError(ready, 503, 'UPSTREAM_UNAVAILABLE');
    expect(ready.body.details.dependencies.database.status).toBe('down');
    expect((await call(hr.url, 'GET', '/healthz/live')).status).toBe(200);
  });

  it('refuses with 503 UPSTREAM_UNAVAILABLE once auth has been unreachable past the revocation bound', async () => {
    const hr = await stack.startApp(HrModule, 'hr');
    const dev = await stack.developer();
    expect((await dev.call(hr, 'GET', '/api/v1/hr/employees')).status).toBe(200);
    await stack.auth.close();
    await sleep(5500);
    const refused = await dev.call(hr, 'GET', '/api/v1/hr/employees');
    expectError(refused, 503, 'UPSTREAM_UNAVAILABLE');
    expect(refused.body.message).toBe('A service this request depends on is unavailable. Please retry shortly.');
  });
});
