import { plainToInstance } from 'class-transformer';
import { PlatformException } from '@platform/pipeline';
import { applyChange, createOrSync, findClash } from './contract-changes';
import { Contract } from './contract.entity';
import { CreateContractDto } from './dto/contract.dto';

const TODAY = '2026-03-15';

const stored = (over: Partial<Contract> = {}): Contract =>
  Object.assign(new Contract(), {
    id: 'c1',
    companyId: 'co',
    employeeId: 'e1',
    externalId: 'CTR-1',
    type: 'permanent',
    status: 'active',
    startDate: '2025-01-01',
    endDate: null,
    baseSalary: 350_000,
    currency: 'XAF',
    payFrequency: 'monthly',
    jobTitle: 'Accountant',
    // as jsonb gives it back: its keys in its own order
    allowances: [{ amount: 25_000, code: 'TRANSPORT', contributory: true, name: 'Transport', taxable: true }],
    deductions: [],
    ...over,
  });

/** A POST body as the pipeline hands it over (allowances' flags defaulted). */
const input = (over: Record<string, unknown> = {}) =>
  plainToInstance(CreateContractDto, {
    externalId: 'CTR-1',
    employeeId: 'e1',
    type: 'permanent',
    startDate: '2025-01-01',
    baseSalary: 350_000,
    currency: 'XAF',
    payFrequency: 'monthly',
    ...over,
  });

const codeOf = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    return error instanceof PlatformException ? (error.options.errors ?? error.code) : error;
  }
  return undefined;
};

describe('createOrSync', () => {
  it('creates a new externalId’s contract, active unless a draft, and never ended', () => {
    expect(createOrSync(null, 'co', 'e1', input(), TODAY)).toMatchObject({
      change: 'created',
      events: ['contract.activated'],
      contract: { status: 'active', endDate: null, allowances: [], jobTitle: null },
    });
    expect(createOrSync(null, 'co', 'e1', input({ status: 'draft' }), TODAY)).toMatchObject({ change: 'created', events: [] });
    expect(codeOf(() => createOrSync(null, 'co', 'e1', input({ status: 'ended', endDate: '2025-06-30' }), TODAY))).toEqual({
      status: ['status must be draft or active for a new contract'],
    });
    expect(codeOf(() => createOrSync(null, 'co', 'e1', input({ type: 'internship' }), TODAY))).toEqual({
      endDate: ['endDate is required for an internship contract'],
    });
  });

  it('finds nothing to change in the values a contract has, an allowance’s keys in any order and its flags defaulted', () => {
    const existing = stored();
    const outcome = createOrSync(
      existing,
      'co',
      'e1',
      input({ allowances: [{ code: 'TRANSPORT', name: 'Transport', amount: 25_000 }], status: 'active' }),
      TODAY,
    );
    expect(outcome).toMatchObject({ change: 'unchanged', events: [] });
    expect(outcome.contract).not.toBe(existing);
    expect(createOrSync(stored({ status: 'ended', endDate: '2025-12-31' }), 'co', 'e1', input({ status: 'ended' }), TODAY).change).toBe('unchanged');
  });

  it('applies the fields sent as PATCH does, leaving the stored contract as it was', () => {
    const existing = stored();
    const outcome = createOrSync(existing, 'co', 'e1', input({ baseSalary: 400_000, status: 'ended' }), TODAY);
    expect(outcome).toMatchObject({
      change: 'updated',
      events: ['contract.ended'],
      contract: { baseSalary: 400_000, status: 'ended', endDate: TODAY, jobTitle: 'Accountant' },
    });
    expect(existing).toMatchObject({ baseSalary: 350_000, status: 'active', endDate: null });
    expect(createOrSync(stored({ status: 'draft' }), 'co', 'e1', input({ status: 'active' }), TODAY).events).toEqual(['contract.activated']);
    expect(codeOf(() => createOrSync(stored({ status: 'ended', endDate: '2025-12-31' }), 'co', 'e1', input({ baseSalary: 1 }), TODAY))).toBe(
      'CONTRACT_NOT_EDITABLE',
    );
    expect(codeOf(() => createOrSync(existing, 'co', 'e1', input({ status: 'draft' }), TODAY))).toBe('CONTRACT_INVALID_TRANSITION');
  });

  it('keeps a contract with its employee', () => {
    expect(codeOf(() => createOrSync(stored(), 'co', 'e2', input(), TODAY))).toBe('CONTRACT_EXTERNAL_ID_CONFLICT');
  });
});

describe('applyChange', () => {
  it('ends today, or on a planned end already past, and needs the end not before the start', () => {
    const ending = stored();
    expect(applyChange(ending, { status: 'ended' }, TODAY)).toEqual(['contract.ended']);
    expect(ending.endDate).toBe(TODAY);
    const planned = stored({ endDate: '2025-12-31' });
    applyChange(planned, { status: 'ended' }, TODAY);
    expect(planned.endDate).toBe('2025-12-31');
    expect(codeOf(() => applyChange(stored(), { status: 'ended', endDate: '2024-12-31' }, TODAY))).toEqual({
      endDate: ['endDate must not be before startDate'],
    });
    expect(applyChange(stored(), { endDate: null, baseSalary: 1 }, TODAY)).toEqual([]);
  });
});

describe('findClash', () => {
  const contract = (id: string, status: Contract['status'], startDate: string, endDate: string | null) => stored({ id, status, startDate, endDate });

  it('finds the employee’s other contract in force whose dates meet, a draft never', () => {
    const others = [contract('old', 'ended', '2024-01-01', '2024-12-31'), contract('draft', 'draft', '2025-01-01', null)];
    expect(findClash(contract('new', 'active', '2025-01-01', null), others)).toBeUndefined();
    expect(findClash(contract('new', 'active', '2024-12-31', null), others)?.id).toBe('old');
    expect(findClash(contract('new', 'active', '2023-01-01', '2023-12-31'), others)).toBeUndefined();
    expect(findClash(contract('new', 'active', '2023-01-01', '2024-01-01'), others)?.id).toBe('old');
    expect(findClash(contract('new', 'draft', '2024-06-01', null), others)).toBeUndefined();
    expect(findClash(contract('old', 'active', '2024-01-01', null), others)).toBeUndefined();
  });
});
