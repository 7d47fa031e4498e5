import { randomUUID } from 'node:crypto';
import { HrModule } from '../src/hr.module';
import { Developer, expectError, RunningApp, TestStack } from '@test/support/stack';
import { contractBody, hire, recordedEvents } from './fixtures';

const CONTRACTS = '/api/v1/hr/contracts';

describe('HR contracts', () => {
  let stack: TestStack;
  let hr: RunningApp;
  let dev: Developer;

  beforeAll(async () => {
    stack = await TestStack.start();
    hr = await stack.startApp(HrModule, 'hr');
    dev = await stack.developer();
  });
  afterAll(() => stack.stop());

  it('creates an active contract with allowances and deductions, reads and lists it', async () => {
    const employeeId = await hire(dev, hr);
    const body = contractBody(employeeId, {
      jobTitle: 'Accountant',
      allowances: [
        { code: 'TRANSPORT', name: 'Transport', amount: 25_000 },
        { code: 'HOUSING', name: 'Housing', amount: 50_000, taxable: false, contributory: false },
      ],
      deductions: [{ code: 'LOAN', name: 'Staff loan', amount: 10_000 }],
    });
    const created = await dev.call(hr, 'POST', CONTRACTS, { body });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      employeeId,
      status: 'active',
      endDate: null,
      baseSalary: 350_000,
      companyId: dev.organizationId,
      allowances: [
        { code: 'TRANSPORT', name: 'Transport', amount: 25_000, taxable: true, contributory: true },
        { code: 'HOUSING', name: 'Housing', amount: 50_000, taxable: false, contributory: false },
      ],
      deductions: [{ code: 'LOAN', name: 'Staff loan', amount: 10_000 }],
    });
    const id = created.body.data.id;
    expect((await dev.call(hr, 'GET', `${CONTRACTS}/${id}`)).body.data).toMatchObject({ id, baseSalary: 350_000, currency: 'XAF' });

    await dev.call(hr, 'POST', CONTRACTS, {
      body: contractBody(employeeId, { startDate: '2020-01-01', endDate: '2020-12-31', type: 'fixed_term', status: 'draft' }),
    });
    const listed = await dev.call(hr, 'GET', `${CONTRACTS}?employeeId=${employeeId}&limit=1`);
    expect(listed.body.data).toMatchObject({ page: 1, limit: 1, total: 2 });
    const drafts = await dev.call(hr, 'GET', `${CONTRACTS}?employeeId=${employeeId}&status=draft`);
    expect(drafts.body.data.items.map((c: { status: string }) => c.status)).toEqual(['draft']);
    expectError(await dev.call(hr, 'GET', `${CONTRACTS}?status=signed`), 400, 'VALIDATION_FAILED');
    expectError(await dev.call(hr, 'GET', `${CONTRACTS}?employeeId=abc`), 400, 'VALIDATION_FAILED');
  });

  it('validates strictly and names each field', async () => {
    const result = await dev.call(hr, 'POST', CONTRACTS, {
      body: {
        employeeId: 'x',
        type: 'freelance',
        startDate: '2025-02-30',
        baseSalary: 0,
        currency: 'XXY',
        payFrequency: 'daily',
        allowances: [{ code: 'bad code', name: '', amount: 1.5, taxable: 'yes' }],
        deductions: [{ code: 'A', name: 'A', amount: -1 }],
        bonus: 1,
      },
    });
    expectError(result, 400, 'VALIDATION_FAILED');
    expect(Object.keys(result.body.errors).sort()).toEqual(
      [
        'allowances.0.amount',
        'allowances.0.code',
        'allowances.0.name',
        'allowances.0.taxable',
        'baseSalary',
        'bonus',
        'currency',
        'deductions.0.amount',
        'employeeId',
        'payFrequency',
        'startDate',
        'type',
      ].sort(),
    );
    const employeeId = await hire(dev, hr);
    const noEnd = await dev.call(hr, 'POST', CONTRACTS, { body: contractBody(employeeId, { type: 'fixed_term' }) });
    expectError(noEnd, 400, 'VALIDATION_FAILED');
    expect(noEnd.body.errors.endDate).toEqual(['endDate is required for a fixed_term contract']);
    expectError(await dev.call(hr, 'POST', CONTRACTS, { body: contractBody(employeeId, { endDate: '2024-12-31' }) }), 400, 'VALIDATION_FAILED');
    const duplicate = await dev.call(hr, 'POST', CONTRACTS, {
      body: contractBody(employeeId, {
        allowances: [
          { code: 'A', name: 'A', amount: 1 },
          { code: 'A', name: 'B', amount: 2 },
        ],
      }),
    });
    expectError(duplicate, 400, 'VALIDATION_FAILED');
    expect(duplicate.body.errors.allowances).toEqual(['allowances must have distinct codes']);
  });

  it('answers USER_NOT_FOUND for an unknown or another company’s employee, CONTRACT_NOT_FOUND for another company’s contract', async () => {
    const other = await stack.developer();
    const theirEmployee = await hire(other, hr);
    expectError(await dev.call(hr, 'POST', CONTRACTS, { body: contractBody(theirEmployee) }), 404, 'USER_NOT_FOUND');
    expectError(await dev.call(hr, 'POST', CONTRACTS, { body: contractBody(randomUUID()) }), 404, 'USER_NOT_FOUND');
    const theirs = await other.call(hr, 'POST', CONTRACTS, { body: contractBody(theirEmployee) });
    for (const id of [theirs.body.data.id, randomUUID(), 'nope']) {
      expectError(await dev.call(hr, 'GET', `${CONTRACTS}/${id}`), 404, 'CONTRACT_NOT_FOUND');
    }
    expectError(await dev.call(hr, 'PATCH', `${CONTRACTS}/${theirs.body.data.id}`, { body: { baseSalary: 1 } }), 404, 'CONTRACT_NOT_FOUND');
    expect((await dev.call(hr, 'GET', `${CONTRACTS}?employeeId=${theirEmployee}`)).body.data.total).toBe(0);
  });

  it('refuses a second contract in force over the same dates, but not a draft or a later one', async () => {
    const employeeId = await hire(dev, hr);
    await dev.call(hr, 'POST', CONTRACTS, { body: contractBody(employeeId, { type: 'fixed_term', startDate: '2025-01-01', endDate: '2025-06-30' }) });
    const clash = await dev.call(hr, 'POST', CONTRACTS, { body: contractBody(employeeId, { startDate: '2025-06-30' }) });
    expectError(clash, 409, 'CONTRACT_OVERLAP');
    expect(clash.body.details).toMatchObject({ startDate: '2025-01-01', endDate: '2025-06-30' });
    const draft = await dev.call(hr, 'POST', CONTRACTS, { body: contractBody(employeeId, { startDate: '2025-03-01', status: 'draft' }) });
    expect(draft.status).toBe(201);
    expectError(await dev.call(hr, 'PATCH', `${CONTRACTS}/${draft.body.data.id}`, { body: { status: 'active' } }), 409, 'CONTRACT_OVERLAP');
    const moved = await dev.call(hr, 'PATCH', `${CONTRACTS}/${draft.body.data.id}`, { body: { status: 'active', startDate: '2025-07-01' } });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ status: 'active', startDate: '2025-07-01' });
  });

  it('lets only one of two concurrent activations win', async () => {
    const employeeId = await hire(dev, hr);
    const drafts = await Promise.all(
      ['2026-01-01', '2026-02-01'].map((startDate) => dev.call(hr, 'POST', CONTRACTS, { body: contractBody(employeeId, { startDate, status: 'draft' }) })),
    );
    const activations = await Promise.all(drafts.map((draft) => dev.call(hr, 'PATCH', `${CONTRACTS}/${draft.body.data.id}`, { body: { status: 'active' } })));
    expect(activations.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(activations.find((r) => r.status === 409)!.body.code).toBe('CONTRACT_OVERLAP');

    const other = await hire(dev, hr);
    const creates = await Promise.all(Array.from({ length: 4 }, () => dev.call(hr, 'POST', CONTRACTS, { body: contractBody(other) })));
    expect(creates.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
  });

  it('ends an active contract (endDate today by default), then keeps it read-only', async () => {
    const employeeId = await hire(dev, hr);
    const contract = (await dev.call(hr, 'POST', CONTRACTS, { body: contractBody(employeeId, { startDate: '2024-01-01' }) })).body.data;
    const edited = await dev.call(hr, 'PATCH', `${CONTRACTS}/${contract.id}`, { body: { baseSalary: 400_000, jobTitle: 'Senior Accountant' } });
    expect(edited.body.data).toMatchObject({ status: 'active', baseSalary: 400_000, jobTitle: 'Senior Accountant' });

    expectError(await dev.call(hr, 'PATCH', `${CONTRACTS}/${contract.id}`, { body: { status: 'draft' } }), 409, 'CONTRACT_INVALID_TRANSITION');
    expectError(await dev.call(hr, 'PATCH', `${CONTRACTS}/${contract.id}`, { body: { status: 'ended', endDate: '2023-12-31' } }), 400, 'VALIDATION_FAILED');
    const ended = await dev.call(hr, 'PATCH', `${CONTRACTS}/${contract.id}`, { body: { status: 'ended' } });
    expect(ended.status).toBe(200);
    expect(ended.body.data).toMatchObject({ status: 'ended', endDate: new Date().toISOString().slice(0, 10) });
    expectError(await dev.call(hr, 'PATCH', `${CONTRACTS}/${contract.id}`, { body: { baseSalary: 1 } }), 409, 'CONTRACT_NOT_EDITABLE');
    expectError(await dev.call(hr, 'PATCH', `${CONTRACTS}/${contract.id}`, { body: { status: 'active' } }), 409, 'CONTRACT_NOT_EDITABLE');

    // An ended contract still holds its dates.
    expectError(
      await dev.call(hr, 'POST', CONTRACTS, { body: contractBody(employeeId, { startDate: '2024-06-01', endDate: '2024-06-30' }) }),
      409,
      'CONTRACT_OVERLAP',
    );

    const draft = (await dev.call(hr, 'POST', CONTRACTS, { body: contractBody(employeeId, { startDate: '2099-01-01', status: 'draft' }) })).body.data;
    expectError(await dev.call(hr, 'PATCH', `${CONTRACTS}/${draft.id}`, { body: { status: 'ended' } }), 409, 'CONTRACT_INVALID_TRANSITION');
    expectError(await dev.call(hr, 'PATCH', `${CONTRACTS}/${draft.id}`, { body: { employeeId } }), 400, 'VALIDATION_FAILED');
    expectError(await dev.call(hr, 'PATCH', `${CONTRACTS}/${draft.id}`, { body: { baseSalary: null } }), 400, 'VALIDATION_FAILED');
  });

  it('syncs by externalId: 201 then 200 with the same id, nothing recorded when nothing changed, the fields left out kept', async () => {
    const company = await stack.developer();
    const externalId = `CTR-${randomUUID().slice(0, 8)}`;
    const employeeId = await hire(company, hr);
    const body = contractBody(employeeId, {
      externalId: ` ${externalId} `,
      jobTitle: 'Accountant',
      allowances: [{ code: 'TRANSPORT', name: 'Transport', amount: 25_000 }],
    });
    const created = await company.call(hr, 'POST', CONTRACTS, { body });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ externalId, employeeId, status: 'active', jobTitle: 'Accountant' });
    const id = created.body.data.id;

    const replay = await company.call(hr, 'POST', CONTRACTS, { body });
    expect(replay.status).toBe(200);
    expect(replay.body.data).toEqual(created.body.data);

    const raised = await company.call(hr, 'POST', CONTRACTS, {
      body: contractBody(employeeId, {
        externalId,
        baseSalary: 400_000,
        allowances: [{ code: 'TRANSPORT', name: 'Transport', amount: 25_000, taxable: true }],
      }),
    });
    expect(raised.status).toBe(200);
    expect(raised.body.data).toMatchObject({
      id,
      baseSalary: 400_000,
      jobTitle: 'Accountant',
      allowances: [{ code: 'TRANSPORT', amount: 25_000, taxable: true, contributory: true }],
    });
    expect((await company.call(hr, 'GET', `${CONTRACTS}?externalId=${externalId}`)).body.data.items.map((c: { id: string }) => c.id)).toEqual([id]);

    // a known externalId moves its contract as PATCH does; a replay of the ending changes nothing
    const ending = contractBody(employeeId, { externalId, baseSalary: 400_000, status: 'ended', endDate: '2025-06-30' });
    const ended = await company.call(hr, 'POST', CONTRACTS, { body: ending });
    expect(ended.status).toBe(200);
    expect(ended.body.data).toMatchObject({ id, status: 'ended', endDate: '2025-06-30' });
    expect((await company.call(hr, 'POST', CONTRACTS, { body: ending })).status).toBe(200);
    expectError(await company.call(hr, 'POST', CONTRACTS, { body: { ...ending, baseSalary: 1 } }), 409, 'CONTRACT_NOT_EDITABLE');
    expect((await recordedEvents(hr, company.organizationId, 'contract')).map((event) => [event.type, event.data.id, event.data.status])).toEqual([
      ['contract.activated', id, 'active'],
      ['contract.ended', id, 'ended'],
    ]);
  });

  it('names the employee by id or by externalId, not both; a new contract is not ended; an externalId stays with its employee', async () => {
    const company = await stack.developer();
    const employeeExternalId = `EMP-${randomUUID().slice(0, 8)}`;
    const employeeId = await hire(company, hr, { externalId: employeeExternalId });
    const noEmployee = { ...contractBody(employeeId), employeeId: undefined };
    const byExternalId = await company.call(hr, 'POST', CONTRACTS, {
      body: { ...noEmployee, employeeExternalId: ` ${employeeExternalId} `, externalId: 'C-1' },
    });
    expect(byExternalId.status).toBe(201);
    expect(byExternalId.body.data.employeeId).toBe(employeeId);

    const both = await company.call(hr, 'POST', CONTRACTS, { body: { ...contractBody(employeeId), employeeExternalId } });
    expectError(both, 400, 'VALIDATION_FAILED');
    expect(both.body.errors).toEqual({ employeeExternalId: ['employeeExternalId must not be sent with employeeId'] });
    expect((await company.call(hr, 'POST', CONTRACTS, { body: noEmployee })).body.errors).toEqual({ employeeId: ['employeeId must be a UUID'] });
    expectError(await company.call(hr, 'POST', CONTRACTS, { body: { ...noEmployee, employeeExternalId: 'NOBODY' } }), 404, 'USER_NOT_FOUND');
    const endedNew = await company.call(hr, 'POST', CONTRACTS, {
      body: contractBody(employeeId, { externalId: 'C-2', status: 'ended', endDate: '2025-03-31' }),
    });
    expectError(endedNew, 400, 'VALIDATION_FAILED');
    expect(endedNew.body.errors).toEqual({ status: ['status must be draft or active for a new contract'] });

    const colleague = await hire(company, hr);
    const moved = await company.call(hr, 'POST', CONTRACTS, { body: contractBody(colleague, { externalId: 'C-1' }), headers: { 'accept-language': 'fr' } });
    expectError(moved, 409, 'CONTRACT_EXTERNAL_ID_CONFLICT');
    expect(moved.body).toMatchObject({
      message: expect.stringContaining('appartient à un autre employé'),
      details: { contractId: byExternalId.body.data.id, employeeId },
    });

    const draft = await company.call(hr, 'POST', CONTRACTS, { body: contractBody(colleague, { status: 'draft' }) });
    expect(draft.body.data.externalId).toBeNull();
    expectError(await company.call(hr, 'PATCH', `${CONTRACTS}/${draft.body.data.id}`, { body: { externalId: 'C-1' } }), 409, 'CONTRACT_EXTERNAL_ID_CONFLICT');
    const adopted = await company.call(hr, 'PATCH', `${CONTRACTS}/${draft.body.data.id}`, { body: { externalId: 'C-3' } });
    expect(adopted.body.data).toMatchObject({ externalId: 'C-3', status: 'draft' });

    // the same externalId in another company is another contract
    const other = await stack.developer();
    const theirs = await other.call(hr, 'POST', CONTRACTS, {
      body: contractBody(await hire(other, hr, { externalId: employeeExternalId }), { externalId: 'C-1' }),
    });
    expect(theirs.status).toBe(201);
    expect(theirs.body.data.id).not.toBe(byExternalId.body.data.id);
    expectError(await other.call(hr, 'POST', CONTRACTS, { body: { ...noEmployee, employeeExternalId: 'NOBODY' } }), 404, 'USER_NOT_FOUND');
  });

  it('needs hr scopes', async () => {
    const reader = await stack.developer({ scopes: ['hr:read'] });
    expect((await reader.call(hr, 'GET', CONTRACTS)).status).toBe(200);
    expectError(await reader.call(hr, 'POST', CONTRACTS, { body: contractBody(randomUUID()) }), 403, 'INSUFFICIENT_SCOPE');
    expectError(await reader.call(hr, 'PATCH', `${CONTRACTS}/${randomUUID()}`, { body: {} }), 403, 'INSUFFICIENT_SCOPE');
  });
});
