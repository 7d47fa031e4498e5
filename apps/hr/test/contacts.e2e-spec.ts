import { randomUUID } from 'node:crypto';
import { HrModule } from '../src/hr.module';
import { call } from '@test/support/http';
import { Developer, expectError, RunningApp, TestStack } from '@test/support/stack';
import { hire } from './fixtures';

describe('HR internal API: GET /internal/v1/hr/contacts', () => {
  let stack: TestStack;
  let hr: RunningApp;
  let dev: Developer;
  let internal: Record<string, string>;

  beforeAll(async () => {
    stack = await TestStack.start();
    hr = await stack.startApp(HrModule, 'hr');
    dev = await stack.developer();
    internal = { 'x-internal-token': stack.env.INTERNAL_TOKEN };
  });
  afterAll(() => stack.stop());

  const get = (query: string, headers = internal) => call(hr.url, 'GET', `/internal/v1/hr/contacts?${query}`, { headers });

  it('answers names, email and phone in the order asked; other companies’ and missing ids are unknown', async () => {
    const amina = await hire(dev, hr, { firstName: 'Amina', lastName: 'Nkemelu', email: 'amina@example.cm', phone: '+237677000001' });
    const bruno = await hire(dev, hr, { firstName: 'Bruno', lastName: 'Eto', email: 'bruno@example.cm' });
    const other = await stack.developer();
    const theirs = await hire(other, hr);
    const missing = randomUUID();

    const result = await get(`companyId=${dev.organizationId}&employeeIds=${bruno},${theirs},${amina.toUpperCase()},${missing}`);
    expect(result.status).toBe(200);
    expect(result.body).toEqual({
      items: [
        { id: bruno, firstName: 'Bruno', lastName: 'Eto', email: 'bruno@example.cm', phone: null },
        { id: amina, firstName: 'Amina', lastName: 'Nkemelu', email: 'amina@example.cm', phone: '+237677000001' },
      ],
      unknownEmployeeIds: [theirs, missing],
    });
  });

  it('validates the query and hides itself without the internal token', async () => {
    expectError(await get(`companyId=${dev.organizationId}`), 400, 'VALIDATION_FAILED');
    expectError(await get(`companyId=nope&employeeIds=${randomUUID()}`), 400, 'VALIDATION_FAILED');
    const bad = await get(`companyId=${dev.organizationId}&employeeIds=x,y`);
    expectError(bad, 400, 'VALIDATION_FAILED');
    expect(bad.body.errors.employeeIds).toBeDefined();
    expectError(await get(`companyId=${dev.organizationId}&employeeIds=${randomUUID()}`, { 'x-internal-token': 'wrong' }), 404, 'HTTP_ERROR');
    expectError(await get(`companyId=${dev.organizationId}&employeeIds=${randomUUID()}`, {}), 404, 'HTTP_ERROR');
  });
});
