import { DataSource } from 'typeorm';
import { Contract } from '../src/contracts/contract.entity';
import { HrModule } from '../src/hr.module';
import { canonicalJson } from '../src/shared/json';
import { RunningApp, TestStack } from '@test/support/stack';
import { employeeBody, recordedEvents } from './fixtures';

jest.setTimeout(300_000);

/** Two full bulk calls' worth of contracts. */
const EMPLOYEES = 2_000;
const PER_CALL = 1_000;
/** A thousand items in one request: on a busy test machine it may take longer than an ordinary call is given. */
const CALL_TIMEOUT_MS = 60_000;

const employeeExternalId = (n: number) => `SCALE-E-${String(n).padStart(5, '0')}`;
/** Each employee's contract: its own salary, an allowance every other one, a draft every tenth. */
const contractOf = (n: number, over: Record<string, unknown> = {}) => ({
  externalId: `SCALE-C-${String(n).padStart(5, '0')}`,
  employeeExternalId: employeeExternalId(n),
  type: 'permanent',
  startDate: '2025-01-01',
  baseSalary: 150_000 + n * 10,
  currency: 'XAF',
  payFrequency: 'monthly',
  allowances: n % 2 ? [{ code: 'TRANSPORT', name: 'Transport', amount: 20_000 + n }] : [],
  status: n % 10 ? 'active' : 'draft',
  ...over,
});

describe('contracts of a company of 2,000 employees, in bulk', () => {
  let stack: TestStack;
  let hr: RunningApp;

  beforeAll(async () => {
    stack = await TestStack.start();
    hr = await stack.startApp(HrModule, 'hr');
  });
  afterAll(() => stack.stop());

  it(`creates ${EMPLOYEES.toLocaleString('en')} contracts in two calls, each present and right; a replay changes nothing; a raise updates them all`, async () => {
    const dev = await stack.developer();
    const numbers = Array.from({ length: EMPLOYEES }, (_, n) => n);
    const calls = (items: (n: number) => unknown) =>
      Array.from({ length: EMPLOYEES / PER_CALL }, (_, call) => numbers.slice(call * PER_CALL, (call + 1) * PER_CALL).map(items));
    const send = async (path: string, items: (n: number) => unknown) => {
      const answers: { [status: string]: any }[] = [];
      for (const batch of calls(items)) {
        const answer = await dev.call(hr, 'POST', path, { body: { items: batch }, timeoutMs: CALL_TIMEOUT_MS });
        expect(answer.status).toBe(200);
        answers.push(answer.body.data);
      }
      return {
        ...Object.fromEntries(
          ['created', 'updated', 'unchanged', 'failed'].map((status) => [status, answers.reduce((sum, answer) => sum + answer[status], 0)]),
        ),
        items: answers.flatMap((answer) => answer.items),
      };
    };

    const hired = await send('/api/v1/hr/employees/bulk', (n) => employeeBody({ externalId: employeeExternalId(n), email: `scale${n}@example.cm` }));
    expect(hired).toMatchObject({ created: EMPLOYEES, failed: 0 });
    const employeeIds: string[] = hired.items.map((item: { id: string }) => item.id);

    const created = await send('/api/v1/hr/contracts/bulk', (n) => contractOf(n));
    expect(created).toMatchObject({ created: EMPLOYEES, updated: 0, unchanged: 0, failed: 0 });
    expect(created.items.map((item: { employeeId: string }) => item.employeeId)).toEqual(employeeIds);

    // every contract in the database, each with its own values
    const stored = await hr.app
      .get(DataSource)
      .getRepository(Contract)
      .find({ where: { companyId: dev.organizationId }, order: { externalId: 'ASC' } });
    expect(stored).toHaveLength(EMPLOYEES);
    const wrong = stored.filter((contract, n) => {
      const sent = contractOf(n);
      return (
        contract.id !== created.items[n].id ||
        contract.employeeId !== employeeIds[n] ||
        contract.externalId !== sent.externalId ||
        contract.baseSalary !== sent.baseSalary ||
        contract.status !== sent.status ||
        canonicalJson(contract.allowances) !== canonicalJson(sent.allowances.map((allowance) => ({ ...allowance, taxable: true, contributory: true })))
      );
    });
    expect(wrong.slice(0, 3)).toEqual([]);
    expect((await dev.call(hr, 'GET', '/api/v1/hr/contracts?status=draft&limit=1')).body.data.total).toBe(EMPLOYEES / 10);

    const replay = await send('/api/v1/hr/contracts/bulk', (n) => contractOf(n));
    expect(replay).toMatchObject({ created: 0, updated: 0, unchanged: EMPLOYEES, failed: 0 });

    const raised = await send('/api/v1/hr/contracts/bulk', (n) => contractOf(n, { baseSalary: 200_000 + n, status: 'active' }));
    expect(raised).toMatchObject({ created: 0, updated: EMPLOYEES, unchanged: 0, failed: 0 });
    const salaries = await hr.app
      .get(DataSource)
      .query(`SELECT count(*)::int AS raised FROM "hr"."contracts" WHERE "company_id" = $1 AND "status" = 'active' AND "base_salary" >= 200000`, [
        dev.organizationId,
      ]);
    expect(salaries).toEqual([{ raised: EMPLOYEES }]);

    // one activation per contract: at its creation, or when its draft was activated by the raise
    const events = await recordedEvents(hr, dev.organizationId, 'contract');
    expect(events).toHaveLength(EMPLOYEES);
    expect(new Set(events.map((event) => event.data.id)).size).toBe(EMPLOYEES);
    expect(events.every((event) => event.type === 'contract.activated')).toBe(true);
  });
});
