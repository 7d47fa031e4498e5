import { ClassConstructor, plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { Language } from '@platform/contracts';
import { atTurnEnd, buildErrorEnvelope, ErrorEnvelope, FieldErrors, flattenValidationErrors, PlatformException } from '@platform/pipeline';

/** The global pipe's rules, for items it does not see one by one. */
const VALIDATION = { whitelist: true, forbidNonWhitelisted: true, validationError: { target: false, value: false } };

/** Items checked in one turn of the event loop: class-transformer and class-validator take about 0.2 ms an item. */
const ITEMS_PER_TURN = 100;

export interface ValidItem<T> {
  index: number;
  input: T;
}

export interface CheckedItems<T> {
  valid: Array<ValidItem<T>>;
  /** The error envelope of each item that failed its checks, by index. */
  failed: Map<number, ErrorEnvelope>;
}

/**
 * The items of a bulk route, each checked as its single route's body is checked (the DTO's rules,
 * then `rules`, which throws a VALIDATION_FAILED PlatformException as the single route's service
 * does); an externalId repeated in the call fails every item after the first. The requests behind
 * this one get a turn every ITEMS_PER_TURN items.
 */
export async function checkBulkItems<T extends { externalId?: string }>(
  items: unknown[],
  dto: ClassConstructor<T>,
  language: Language,
  rules: (input: T) => void = () => undefined,
): Promise<CheckedItems<T & { externalId: string }>> {
  const checked: CheckedItems<T & { externalId: string }> = { valid: [], failed: new Map() };
  const fail = (index: number, errors: FieldErrors) => checked.failed.set(index, buildErrorEnvelope(PlatformException.validation(errors), language));
  const firstWith = new Map<string, number>();
  for (const [index, item] of items.entries()) {
    if (index && index % ITEMS_PER_TURN === 0) await atTurnEnd(undefined);
    const found = check(item, dto, rules);
    if ('errors' in found) {
      fail(index, found.errors);
      continue;
    }
    const first = firstWith.get(found.input.externalId);
    if (first !== undefined) {
      fail(index, { externalId: [`externalId must not repeat an earlier item’s (item ${first})`] });
      continue;
    }
    firstWith.set(found.input.externalId, index);
    checked.valid.push({ index, input: found.input });
  }
  return checked;
}

/** The externalId an item names, as far as it can be read, for its result. */
export function externalIdOf(item: unknown): string | null {
  const value = item && typeof item === 'object' ? (item as { externalId?: unknown }).externalId : undefined;
  return typeof value === 'string' ? value.trim() : null;
}

function check<T extends { externalId?: string }>(
  item: unknown,
  dto: ClassConstructor<T>,
  rules: (input: T) => void,
): { input: T & { externalId: string } } | { errors: FieldErrors } {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) return { errors: { item: ['item must be an object'] } };
  const input = plainToInstance(dto, item);
  const errors = flattenValidationErrors(validateSync(input, VALIDATION));
  // the key a replay is recognised by, required in bulk where the single route may take none
  if (input.externalId === undefined && !errors.externalId) errors.externalId = ['externalId should not be null or undefined'];
  if (Object.keys(errors).length) return { errors };
  try {
    rules(input);
  } catch (error) {
    if (error instanceof PlatformException && error.options.errors) return { errors: error.options.errors };
    throw error;
  }
  return { input: input as T & { externalId: string } };
}
