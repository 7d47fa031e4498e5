import { getMetadataStorage } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';

type MetadataStorage = ReturnType<typeof getMetadataStorage>;
type Grouped = Record<string, ValidationMetadata[]>;
const memoized = new WeakSet<MetadataStorage>();

/**
 * class-validator looks up a class's rules anew on every validation: it filters the class's own
 * rules and tests every class that has rules (all the DTOs of the service) for being an ancestor
 * of it (typestack/class-validator#2686), then groups the rules by property. A class's rules,
 * its ancestors' included, are complete once the class is defined, before anything can validate
 * it, and a class defined later never changes them; so both answers are kept, per class and per
 * set of options (schema, always, strict groups, groups), and per answer. Both are only read by
 * the validator. Schema-based validation (a string target) is left as it is.
 *
 * Replaces two methods of class-validator's global MetadataStorage (0.14), which its validator
 * calls on the instance `getMetadataStorage()` returns.
 */
export function memoizeValidationMetadata(storage: MetadataStorage = getMetadataStorage()): void {
  if (memoized.has(storage)) return;
  memoized.add(storage);
  const lookUp = storage.getTargetValidationMetadatas.bind(storage);
  const group = storage.groupByPropertyName.bind(storage);
  const targets = new WeakMap<Function, Map<string, ValidationMetadata[]>>();
  const groupings = new WeakMap<ValidationMetadata[], Grouped>();
  storage.getTargetValidationMetadatas = (target, schema, always, strictGroups, groups) => {
    if (typeof target !== 'function' || schema) return lookUp(target, schema, always, strictGroups, groups);
    const key = `${always}|${strictGroups}|${groups?.join('\u0000') ?? ''}|${groups?.length ?? -1}`;
    let byOptions = targets.get(target);
    if (!byOptions) targets.set(target, (byOptions = new Map()));
    let found = byOptions.get(key);
    if (!found) byOptions.set(key, (found = lookUp(target, schema, always, strictGroups, groups)));
    return found;
  };
  storage.groupByPropertyName = (metadata) => {
    let grouped = groupings.get(metadata);
    if (!grouped) groupings.set(metadata, (grouped = group(metadata)));
    return grouped;
  };
}
