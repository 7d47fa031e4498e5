import { randomUUID } from 'node:crypto';
import { HrModule } from '../src/hr.module';
import { call } from '@test/support/http';
import { Developer, expectError, RunningApp, TestStack } from '@test/support/stack';

const employee = (over: Record<string, unknown> = {}) => ({
  externalId: `EMP-${randomUUID().slice(0, 8)}`,
  firstName: 'Amina',
  lastName: 'Nkemelu',
  email: 'Amina.Nkemelu@Example.cm',
  hireDate: '2024-03-01',
  jobTitle: 'Accountant',
  department: 'Finance',
  status: 'active',
  ...over,
});

describe('HR employees', () => {
  let stack: TestStack;
  let hr: RunningApp;
  let dev: Developer;

  beforeAll(async () => {
    stack = await TestStack.start();
    hr = await stack.startApp(HrModule, 'hr');
    dev = await stack.developer();
  });
  afterAll(() => stack.stop());

  it('creates an employee (201), then syncs the same externalId (200, same id)', async () => {
    const body = employee();
    const created = await dev.call(hr, 'POST', '/api/v1/hr/employees', { body });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      success: true,
      message: 'Resource created.',
      data: { ...body, email: 'amina.nkemelu@example.cm', companyId: dev.organizationId },
    });

    const synced = await dev.call(hr, 'POST', '/api/v1/hr/employees', { body: { ...body, jobTitle: 'Senior Accountant' } });
    expect(synced.status).toBe(200);
    expect(synced.body.data).toMatchObject({ id: created.body.data.id, jobTitle: 'Senior Accountant' });

    const fetched = await dev.call(hr, 'GET', `/api/v1/hr/employees/${created.body.data.id}`);
    expect(fetched.status).toBe(200);
    expect(fetched.body.data.jobTitle).toBe('Senior Accountant');
  });

  it('syncs concurrent creates of one externalId onto one employee', async () => {
    const body = employee();
    const results = await Promise.all(Array.from({ length: 6 }, () => dev.call(hr, 'POST', '/api/v1/hr/employees', { body })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect(new Set(results.map((r) => r.body.data.id)).size).toBe(1);
  });

  it('lists with pagination and filters', async () => {
    const lister = await stack.developer();
    for (let i = 0; i < 5; i++) {
      await lister.call(hr, 'POST', '/api/v1/hr/employees', { body: employee({ externalId: `L-${i}`, department: i % 2 ? 'Sales' : 'Finance' }) });
    }
    const page = await lister.call(hr, 'GET', '/api/v1/hr/employees?page=2&limit=2');
    expect(page.status).toBe(200);
    expect(page.body.data).toMatchObject({ page: 2, limit: 2, total: 5 });
    expect(page.body.data.items.map((e: { externalId: string }) => e.externalId)).toEqual(['L-2', 'L-3']);

    // PostgreSQL writes the list's JSON itself: each item must say exactly what a single read says
    const single = await lister.call(hr, 'GET', `/api/v1/hr/employees/${page.body.data.items[0].id}`);
    expect(page.body.data.items[0]).toEqual(single.body.data);

    const sales = await lister.call(hr, 'GET', '/api/v1/hr/employees?department=Sales');
    expect(sales.body.data.total).toBe(2);
    const byExternal = await lister.call(hr, 'GET', '/api/v1/hr/employees?externalId=L-4');
    expect(byExternal.body.data.items).toHaveLength(1);

    expectError(await lister.call(hr, 'GET', '/api/v1/hr/employees?limit=101'), 400, 'VALIDATION_FAILED');
    expectError(await lister.call(hr, 'GET', '/api/v1/hr/employees?status=retired'), 400, 'VALIDATION_FAILED');
    expectError(await lister.call(hr, 'GET', '/api/v1/hr/employees?color=red'), 400, 'VALIDATION_FAILED');
  });

  it('lists every kind of field exactly as a single read writes it, in both languages, and past the last page', async () => {
    const lister = await stack.developer();
    const full = await lister.call(hr, 'POST', '/api/v1/hr/employees', {
      body: employee({
        externalId: 'FULL-1',
        phone: '+237677001122',
        nationalId: '112233445',
        socialInsuranceNumber: 'CNPS-0001',
        country: 'ga',
        payout: { method: 'bank', bankName: 'Afriland', bankCode: '10005', accountNumber: '00012345678', accountHolder: 'Amina "Ami" Nkemelu' },
      }),
    });
    expect(full.status).toBe(201);
    const momo = await lister.call(hr, 'POST', '/api/v1/hr/employees', {
      body: employee({
        externalId: 'FULL-2',
        lastName: 'Ébénè\\ Ndjè',
        payout: { method: 'mobile_money', provider: 'orange_money', phoneNumber: '+237699001122' },
      }),
    });
    const ended = await lister.call(hr, 'POST', '/api/v1/hr/employees', { body: employee({ externalId: 'FULL-3' }) });
    await lister.call(hr, 'PATCH', `/api/v1/hr/employees/${ended.body.data.id}`, { body: { status: 'terminated', terminationDate: '2025-06-30' } });

    const listed = await lister.call(hr, 'GET', '/api/v1/hr/employees', { headers: { 'accept-language': 'fr' } });
    expect(listed.status).toBe(200);
    expect(listed.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(listed.body).toMatchObject({ success: true, message: 'Requête réussie.', data: { page: 1, limit: 20, total: 3 } });
    expect(listed.body.data.items.map((e: { externalId: string }) => e.externalId)).toEqual(['FULL-1', 'FULL-2', 'FULL-3']);
    for (const item of listed.body.data.items) {
      const single = await lister.call(hr, 'GET', `/api/v1/hr/employees/${item.id}`);
      expect(item).toEqual(single.body.data);
    }
    expect(listed.body.data.items[2]).toMatchObject({ status: 'terminated', terminationDate: '2025-06-30' });
    expect(listed.body.data.items[1].lastName).toBe(momo.body.data.lastName);

    const filtered = await lister.call(hr, 'GET', '/api/v1/hr/employees?status=terminated&email=AMINA.NKEMELU@EXAMPLE.CM');
    expect(filtered.body.data).toMatchObject({ total: 1, items: [{ externalId: 'FULL-3' }] });
    const beyond = await lister.call(hr, 'GET', '/api/v1/hr/employees?page=9&limit=2');
    expect(beyond.body).toEqual({ success: true, message: 'Request succeeded.', data: { items: [], page: 9, limit: 2, total: 3 } });
    const nobody = await (await stack.developer()).call(hr, 'GET', '/api/v1/hr/employees');
    expect(nobody.body.data).toEqual({ items: [], page: 1, limit: 20, total: 0 });
  });

  it('updates with PATCH and enforces the termination rules', async () => {
    const created = await dev.call(hr, 'POST', '/api/v1/hr/employees', { body: employee() });
    const id = created.body.data.id;
    const patched = await dev.call(hr, 'PATCH', `/api/v1/hr/employees/${id}`, { body: { department: 'Audit' } });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({ id, department: 'Audit', firstName: 'Amina' });

    const noDate = await dev.call(hr, 'PATCH', `/api/v1/hr/employees/${id}`, { body: { status: 'terminated' } });
    expectError(noDate, 400, 'VALIDATION_FAILED');
    expect(noDate.body.errors.terminationDate).toBeDefined();
    expectError(
      await dev.call(hr, 'PATCH', `/api/v1/hr/employees/${id}`, { body: { status: 'terminated', terminationDate: '2020-01-01' } }),
      400,
      'VALIDATION_FAILED',
    );
    const terminated = await dev.call(hr, 'PATCH', `/api/v1/hr/employees/${id}`, { body: { status: 'terminated', terminationDate: '2025-06-30' } });
    expect(terminated.body.data).toMatchObject({ status: 'terminated', terminationDate: '2025-06-30' });
  });

  it('keeps the payroll fields: national id, CNPS number, country and payout details', async () => {
    const created = await dev.call(hr, 'POST', '/api/v1/hr/employees', { body: employee() });
    expect(created.body.data).toMatchObject({ country: 'CM', payout: null, nationalId: null, socialInsuranceNumber: null });
    const id = created.body.data.id;
    const bank = {
      method: 'bank',
      bankName: 'Afriland First Bank',
      bankCode: '10005',
      accountNumber: '10005000010123456789012',
      accountHolder: 'Amina Nkemelu',
    };
    const patched = await dev.call(hr, 'PATCH', `/api/v1/hr/employees/${id}`, {
      body: { nationalId: ' 112233445 ', socialInsuranceNumber: 'CNPS-0001', country: 'ga', payout: bank },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({ nationalId: '112233445', socialInsuranceNumber: 'CNPS-0001', country: 'GA', payout: bank });
    const momo = { method: 'mobile_money', provider: 'mtn_momo', phoneNumber: '+237677123456' };
    expect((await dev.call(hr, 'PATCH', `/api/v1/hr/employees/${id}`, { body: { payout: momo } })).body.data.payout).toEqual(momo);
    expect((await dev.call(hr, 'PATCH', `/api/v1/hr/employees/${id}`, { body: { payout: null } })).body.data.payout).toBeNull();

    const cases: [Record<string, unknown>, string[]][] = [
      [{ method: 'bank' }, ['payout.accountNumber']],
      [{ method: 'mobile_money' }, ['payout.phoneNumber', 'payout.provider']],
      [{ method: 'mobile_money', provider: 'wave', phoneNumber: '+237577123456' }, ['payout.phoneNumber', 'payout.provider']],
      [{ method: 'mobile_money', provider: 'mtn_momo', phoneNumber: '677123456' }, ['payout.phoneNumber']],
      [{ method: 'bank', accountNumber: '123', provider: 'mtn_momo' }, ['payout.provider']],
      [{ method: 'mobile_money', provider: 'orange_money', phoneNumber: '+237699123456', bankName: 'X' }, ['payout.bankName']],
      [{ method: 'cash' }, ['payout.method']],
    ];
    for (const [payout, fields] of cases) {
      const result = await dev.call(hr, 'PATCH', `/api/v1/hr/employees/${id}`, { body: { payout } });
      expectError(result, 400, 'VALIDATION_FAILED');
      expect(Object.keys(result.body.errors).sort()).toEqual(fields);
    }
    const bad = await dev.call(hr, 'PATCH', `/api/v1/hr/employees/${id}`, { body: { country: 'XX', firstName: null, nationalId: '' } });
    expectError(bad, 400, 'VALIDATION_FAILED');
    expect(Object.keys(bad.body.errors).sort()).toEqual(['country', 'firstName', 'nationalId']);
  });

  it('refuses an externalId another employee of the company has', async () => {
    const first = await dev.call(hr, 'POST', '/api/v1/hr/employees', { body: employee() });
    const second = await dev.call(hr, 'POST', '/api/v1/hr/employees', { body: employee() });
    expectError(
      await dev.call(hr, 'PATCH', `/api/v1/hr/employees/${second.body.data.id}`, { body: { externalId: first.body.data.externalId } }),
      409,
      'EMPLOYEE_EXTERNAL_ID_CONFLICT',
    );
  });

  it('validates every field and names each error', async () => {
    const result = await dev.call(hr, 'POST', '/api/v1/hr/employees', {
      body: { externalId: '', email: 'not-mail', hireDate: '2024-02-30', status: 'retired', phone: '677', salary: 1 },
    });
    expectError(result, 400, 'VALIDATION_FAILED');
    expect(Object.keys(result.body.errors).sort()).toEqual([
      'department',
      'email',
      'externalId',
      'firstName',
      'hireDate',
      'jobTitle',
      'lastName',
      'phone',
      'salary',
      'status',
    ]);
    expect(result.body.errors.hireDate).toEqual(['hireDate must be a valid calendar date']);
  });

  it('answers USER_NOT_FOUND for a missing id, a malformed id and another company’s employee', async () => {
    const other = await stack.developer();
    const theirs = await other.call(hr, 'POST', '/api/v1/hr/employees', { body: employee() });
    for (const id of [randomUUID(), 'not-a-uuid', theirs.body.data.id]) {
      expectError(await dev.call(hr, 'GET', `/api/v1/hr/employees/${id}`), 404, 'USER_NOT_FOUND');
    }
    expectError(await dev.call(hr, 'PATCH', `/api/v1/hr/employees/${theirs.body.data.id}`, { body: { department: 'Stolen' } }), 404, 'USER_NOT_FOUND');
    const french = await dev.call(hr, 'GET', `/api/v1/hr/employees/${randomUUID()}`, { headers: { 'accept-language': 'fr' } });
    expect(french.body.message).toBe('Employé introuvable.');
    expect((await dev.call(hr, 'GET', `/api/v1/hr/employees?externalId=${theirs.body.data.externalId}`)).body.data.total).toBe(0);
  });

  it('answers ids the router cannot take, and text no column holds, with the error envelope', async () => {
    expectError(await dev.call(hr, 'GET', '/api/v1/hr/employees/%ZZ'), 400, 'HTTP_ERROR');
    const long = await dev.call(hr, 'GET', `/api/v1/hr/employees/${'x'.repeat(101)}`);
    expectError(long, 414, 'HTTP_ERROR');
    expect(long.body.message).toBe('The request URI is too long.');
    const nul = await dev.call(hr, 'POST', '/api/v1/hr/employees', { body: employee({ jobTitle: 'Account\u0000ant' }) });
    expectError(nul, 400, 'VALIDATION_FAILED');
    expect(nul.body.errors).toEqual({ jobTitle: ['jobTitle must not contain NUL characters or unpaired surrogates'] });
    expectError(await dev.call(hr, 'POST', '/api/v1/hr/employees', { body: employee({ email: '\ud800@example.cm' }) }), 400, 'VALIDATION_FAILED');
    expectError(await dev.call(hr, 'GET', '/api/v1/hr/employees?department=%00'), 400, 'VALIDATION_FAILED');
  });

  it('needs hr scopes', async () => {
    const reader = await stack.developer({ scopes: ['hr:read'] });
    expect((await reader.call(hr, 'GET', '/api/v1/hr/employees')).status).toBe(200);
    expectError(await reader.call(hr, 'POST', '/api/v1/hr/employees', { body: employee() }), 403, 'INSUFFICIENT_SCOPE');
    const stranger = await stack.developer({ scopes: ['app:read'] });
    expectError(await stranger.call(hr, 'GET', '/api/v1/hr/employees'), 403, 'INSUFFICIENT_SCOPE');
  });

  it('serves health behind the three headers, and root, metrics and OpenAPI without', async () => {
    expectError(await call(hr.url, 'GET', '/api/v1/hr/health'), 401, 'AUTH_TOKEN_MISSING');
    const health = await dev.call(hr, 'GET', '/api/v1/hr/health');
    expect(health.status).toBe(200);
    expect(health.body.data).toMatchObject({ status: 'ok', service: 'hr', dependencies: { database: { status: 'up' }, redis: { status: 'up' } } });
    expect((await call(hr.url, 'GET', '/api/v1/hr')).body.data.service).toBe('hr');
    const head = await call(hr.url, 'HEAD', '/api/v1/hr');
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    expect(head.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(head.headers.get('x-content-type-options')).toBe('nosniff');
    expectError(await call(hr.url, 'GET', '/api/v1/hr/no-such-thing'), 404, 'HTTP_ERROR');
    const metrics = await call(hr.url, 'GET', '/api/v1/hr/metrics');
    expect(metrics.status).toBe(200);
    expect(metrics.text).toMatch(/http_request_duration_seconds_count\{service="hr",method="GET",route="\/api\/v1\/hr\/employees\/:id",status="404"\}/);
    expect(metrics.text).toMatch(/http_request_duration_seconds_count\{service="hr",method="HEAD",route="\/api\/v1\/hr",status="200"\} 1\n/);
    expect(metrics.text).toMatch(/http_request_duration_seconds_count\{service="hr",method="GET",route="unmatched",status="404"\} 1\n/);
    expect(metrics.text).not.toContain('no-such-thing');
    const openapi = await call(hr.url, 'GET', '/api/v1/hr/openapi.json');
    expect(Object.keys(openapi.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/hr/employees',
        '/api/v1/hr/employees/{id}',
        '/api/v1/hr/health',
        '/api/v1/hr/contracts/{id}',
        '/api/v1/hr/leave-types',
        '/api/v1/hr/leave-requests/{id}/approve',
        '/api/v1/hr/employees/{id}/leave-balances',
        '/api/v1/hr/attendance/summary',
        '/api/v1/hr/performance-reviews/{id}',
      ]),
    );
    expect(Object.keys(openapi.body.paths).filter((path) => path.includes('internal'))).toEqual([]);
    expect(openapi.body.components.schemas.CreateContractDto.required).toEqual(
      expect.arrayContaining(['type', 'startDate', 'baseSalary', 'currency', 'payFrequency']),
    );
    // the employee by one of two ids
    expect(Object.keys(openapi.body.components.schemas.CreateContractDto.properties)).toEqual(expect.arrayContaining(['employeeId', 'employeeExternalId']));
    const schemas = openapi.body.components.schemas;
    // a payout is one of two shapes, told apart by method, so each example is one the server accepts
    expect(schemas.BankPayout).toMatchObject({ required: expect.arrayContaining(['method', 'accountNumber']), properties: { method: { enum: ['bank'] } } });
    expect(schemas.MobileMoneyPayout).toMatchObject({
      required: expect.arrayContaining(['method', 'provider', 'phoneNumber']),
      properties: { method: { enum: ['mobile_money'] } },
    });
    expect(schemas.BankPayout.properties.provider).toBeUndefined();
    // the success response is the envelope around the employee, not the bare employee
    expect(openapi.body.paths['/api/v1/hr/employees/{id}'].get.responses['200'].content['application/json'].schema).toMatchObject({
      required: ['success', 'message', 'data'],
      properties: { data: { $ref: '#/components/schemas/EmployeeView' } },
    });
    expect(schemas.EmployeeView.properties.phone).toMatchObject({ type: 'string', nullable: true });
    expect(openapi.body.components.schemas.CreateEmployeeDto.required).toEqual(expect.arrayContaining(['externalId', 'firstName', 'hireDate']));
  });

  describe('acting for a client company', () => {
    let partner: Developer;
    let workspaceId: string;
    let companyId: string;
    let acting: Record<string, string>;

    beforeAll(async () => {
      partner = await stack.developer({ org: 'Partner' });
      workspaceId = (await partner.call(stack.auth, 'POST', '/api/v1/workspaces', { body: { name: 'Clients' } })).body.data.id;
      companyId = (await partner.call(stack.auth, 'POST', `/api/v1/workspaces/${workspaceId}/companies`, { body: { name: 'Client SARL' } })).body.data.id;
      acting = { 'x-workspace-id': workspaceId, 'x-acting-company-id': companyId };
    });

    it('scopes data to the acting company, apart from the partner’s own', async () => {
      const created = await partner.call(hr, 'POST', '/api/v1/hr/employees', { body: employee(), headers: acting });
      expect(created.status).toBe(201);
      expect(created.body.data.companyId).toBe(companyId);
      expect((await partner.call(hr, 'GET', `/api/v1/hr/employees/${created.body.data.id}`, { headers: acting })).status).toBe(200);
      expectError(await partner.call(hr, 'GET', `/api/v1/hr/employees/${created.body.data.id}`), 404, 'USER_NOT_FOUND');
      expect((await partner.call(hr, 'GET', '/api/v1/hr/employees')).body.data.total).toBe(0);
    });

    it('refuses a workspace or company the caller does not own with ACTING_COMPANY_FORBIDDEN', async () => {
      const intruder = await stack.developer();
      expectError(await intruder.call(hr, 'GET', '/api/v1/hr/employees', { headers: acting }), 403, 'ACTING_COMPANY_FORBIDDEN');
      expectError(
        await partner.call(hr, 'GET', '/api/v1/hr/employees', { headers: { ...acting, 'x-acting-company-id': randomUUID() } }),
        403,
        'ACTING_COMPANY_FORBIDDEN',
      );
      const otherWorkspace = (await partner.call(stack.auth, 'POST', '/api/v1/workspaces', { body: { name: 'Other' } })).body.data.id;
      expectError(
        await partner.call(hr, 'GET', '/api/v1/hr/employees', { headers: { ...acting, 'x-workspace-id': otherWorkspace } }),
        403,
        'ACTING_COMPANY_FORBIDDEN',
      );
    });

    it('needs both headers as uuids', async () => {
      const one = await partner.call(hr, 'GET', '/api/v1/hr/employees', { headers: { 'x-workspace-id': workspaceId } });
      expectError(one, 400, 'VALIDATION_FAILED');
      expect(one.body.errors).toEqual({ 'X-Acting-Company-Id': ['X-Acting-Company-Id is required together with X-Workspace-Id'] });
      const bad = await partner.call(hr, 'GET', '/api/v1/hr/employees', { headers: { 'x-workspace-id': 'abc', 'x-acting-company-id': companyId } });
      expectError(bad, 400, 'VALIDATION_FAILED');
      expect(bad.body.errors['X-Workspace-Id']).toEqual(['X-Workspace-Id must be a UUID']);
    });
  });

  it('refuses a token within 5 seconds of its secret being rotated on auth', async () => {
    const rotating = await stack.developer();
    expect((await rotating.call(hr, 'GET', '/api/v1/hr/employees')).status).toBe(200);
    const rotatedAt = Date.now();
    expect((await rotating.call(stack.auth, 'POST', '/api/v1/authorize/rotate-secret')).status).toBe(200);
    let status = 200;
    while (status === 200 && Date.now() - rotatedAt < 10_000) {
      const result = await rotating.call(hr, 'GET', '/api/v1/hr/employees');
      status = result.status;
      if (status !== 200) expectError(result, 401, 'AUTH_TOKEN_INVALID');
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe(401);
    expect(Date.now() - rotatedAt).toBeLessThan(5000);
  });
});
