import { EventType } from '@platform/contracts';
import { PlatformException } from '@platform/pipeline';
import { canonicalJson } from '../shared/json';
import { Contract, ContractStatus, TYPES_NEEDING_END_DATE } from './contract.entity';
import type { CreateContractDto } from './dto/contract.dto';

/** The moves `status` may make; anything else is CONTRACT_INVALID_TRANSITION. */
const TRANSITIONS: Record<ContractStatus, ContractStatus[]> = { draft: ['active'], active: ['ended'], ended: [] };

/** The fields a change sets as they are sent; `status` moves by TRANSITIONS. */
export const EDITABLE_FIELDS = [
  'externalId',
  'type',
  'startDate',
  'endDate',
  'baseSalary',
  'currency',
  'payFrequency',
  'allowances',
  'deductions',
  'jobTitle',
] as const;

/** A change of PATCH /contracts/:id: the fields sent (null endDate: open-ended). */
export type ContractChange = Partial<Pick<Contract, (typeof EDITABLE_FIELDS)[number] | 'status'>>;

/** What a contract's change records: it came into force, or ended. */
export type ContractEvent = Extract<EventType, 'contract.activated' | 'contract.ended'>;

/** What POST /contracts did with one contract. */
export interface ContractOutcome {
  /** The contract after the change: a new object, never `existing` itself. */
  contract: Contract;
  change: 'created' | 'updated' | 'unchanged';
  events: ContractEvent[];
}

/**
 * What POST /contracts does with one contract, the database aside: a new externalId (or none)
 * creates the contract; a known one syncs the company's contract with it, applying the fields sent
 * as PATCH /contracts/:id does (those left out keep their value), or changes nothing when it
 * already has every value sent. The one-in-force rule is the caller's: it needs the employee's
 * other contracts (findClash).
 */
export function createOrSync(existing: Contract | null, companyId: string, employeeId: string, input: CreateContractDto, today: string): ContractOutcome {
  if (!existing) {
    const contract = newContract(companyId, employeeId, input);
    return { contract, change: 'created', events: contract.status === 'active' ? ['contract.activated'] : [] };
  }
  if (existing.employeeId !== employeeId) {
    throw new PlatformException('CONTRACT_EXTERNAL_ID_CONFLICT', {
      reason: 'otherEmployee',
      details: { contractId: existing.id, employeeId: existing.employeeId },
    });
  }
  const change = changeOf(input);
  const contract = Object.assign(new Contract(), existing);
  if (Object.entries(change).every(([key, value]) => canonicalJson(existing[key as keyof Contract]) === canonicalJson(value)))
    return { contract, change: 'unchanged', events: [] };
  return { contract, change: 'updated', events: applyChange(contract, change, today) };
}

/**
 * Applies a change as PATCH /contracts/:id does: edits a draft or active contract and moves it
 * draft → active or active → ended. Ending without an endDate ends it today, or on its planned
 * endDate if that has already passed. Returns the events the change records.
 */
export function applyChange(contract: Contract, change: ContractChange, today: string): ContractEvent[] {
  if (contract.status === 'ended') throw new PlatformException('CONTRACT_NOT_EDITABLE');
  const from = contract.status;
  const to = change.status ?? from;
  if (to !== from && !TRANSITIONS[from].includes(to)) throw new PlatformException('CONTRACT_INVALID_TRANSITION', { params: { from, to } });

  for (const key of EDITABLE_FIELDS) if (change[key] !== undefined) (contract as unknown as Record<string, unknown>)[key] = change[key];
  if (to === 'ended' && change.endDate === undefined) contract.endDate = contract.endDate !== null && contract.endDate < today ? contract.endDate : today;
  if (to === 'ended' && contract.endDate === null) throw PlatformException.validation({ endDate: ['an ended contract needs an endDate'] });
  contract.status = to;
  checkDates(contract);
  if (from === 'draft' && to === 'active') return ['contract.activated'];
  return to === 'ended' ? ['contract.ended'] : [];
}

/**
 * One contract in force per employee: the first of the employee's other contracts whose dates
 * meet `contract`'s, both being in force (active or ended; a draft is not).
 */
export function findClash(contract: Contract, others: Iterable<Contract>): Contract | undefined {
  if (contract.status === 'draft') return undefined;
  for (const other of others) {
    if (other.id === contract.id || other.status === 'draft') continue;
    const startsBeforeEnd = contract.endDate === null || other.startDate <= contract.endDate;
    const endsAfterStart = other.endDate === null || other.endDate >= contract.startDate;
    if (startsBeforeEnd && endsAfterStart) return other;
  }
  return undefined;
}

/** CONTRACT_OVERLAP, naming the contract in the way. */
export function overlapError(clash: Contract): PlatformException {
  return new PlatformException('CONTRACT_OVERLAP', { details: { contractId: clash.id, startDate: clash.startDate, endDate: clash.endDate } });
}

/** A new contract as POST /contracts creates it: active unless sent as a draft. */
function newContract(companyId: string, employeeId: string, input: CreateContractDto): Contract {
  if (input.status === 'ended') throw PlatformException.validation({ status: ['status must be draft or active for a new contract'] });
  const contract = Object.assign(new Contract(), {
    companyId,
    employeeId,
    externalId: input.externalId ?? null,
    type: input.type,
    status: input.status ?? 'active',
    startDate: input.startDate,
    endDate: input.endDate ?? null,
    baseSalary: input.baseSalary,
    currency: input.currency,
    payFrequency: input.payFrequency,
    allowances: input.allowances ?? [],
    deductions: input.deductions ?? [],
    jobTitle: input.jobTitle ?? null,
  });
  checkDates(contract);
  return contract;
}

/** The fields a POST sent, as a change. */
function changeOf(input: CreateContractDto): ContractChange {
  const change: Record<string, unknown> = {};
  for (const key of [...EDITABLE_FIELDS, 'status'] as const) if (input[key] !== undefined) change[key] = input[key];
  return change;
}

function checkDates(contract: Contract): void {
  if (contract.endDate === null && TYPES_NEEDING_END_DATE.includes(contract.type)) {
    throw PlatformException.validation({ endDate: [`endDate is required for ${/^[aeiou]/.test(contract.type) ? 'an' : 'a'} ${contract.type} contract`] });
  }
  if (contract.endDate !== null && contract.endDate < contract.startDate) {
    throw PlatformException.validation({ endDate: ['endDate must not be before startDate'] });
  }
}
