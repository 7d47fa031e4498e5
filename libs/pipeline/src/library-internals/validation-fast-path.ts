import { TransformationType } from 'class-transformer';
import type * as TransformerStorage from 'class-transformer/types/storage';
import { getMetadataStorage } from 'class-validator';
import { isStorableText } from '../http/input-limits';
import { isSent } from '../http/optional-not-null';

// class-transformer's rules (@Type, @Transform, @Expose, @Exclude) are in this store, which its
// index does not export; the package's types describe it under types/, its code under cjs/
// (class-transformer 0.5.1).
const { defaultMetadataStorage } = require('class-transformer/cjs/storage') as typeof TransformerStorage;

/**
 * Whether a value is certainly valid for a DTO, without class-transformer and class-validator.
 * True only when the validation pipe would accept the value and build an instance with the same
 * properties; false sends it the usual way, which decides and words the errors.
 */
export type Acceptor = (value: unknown) => boolean;

type Check = (value: unknown) => boolean;
type MetadataStorage = ReturnType<typeof getMetadataStorage>;

const isPrimitive = (value: unknown) => value === null || (typeof value !== 'object' && typeof value !== 'function');

/**
 * class-validator's own rules that a fast check decides exactly as class-validator does, by
 * their registered names (each as class-validator 0.14 writes it). A rule with other
 * constraints than these expect gets no check, and its class no acceptor.
 */
const CHECKS: Record<string, (constraints: unknown[]) => Check | undefined> = {
  // isIn compares with ===, as indexOf does (includes would find NaN)
  isIn: ([allowed]) => (Array.isArray(allowed) && allowed.every(isPrimitive) ? (value) => allowed.indexOf(value) !== -1 : undefined),
  // a Boolean or String object passes class-validator too, but never comes out of JSON or a query string
  isBoolean: () => (value) => typeof value === 'boolean',
  isString: () => (value) => typeof value === 'string',
  isInt: () => (value) => typeof value === 'number' && Number.isInteger(value),
  min: ([min]) => (typeof min === 'number' ? (value) => typeof value === 'number' && value >= min : undefined),
  max: ([max]) => (typeof max === 'number' ? (value) => typeof value === 'number' && value <= max : undefined),
  // class-validator counts a surrogate pair or a variation selector as no character, so a string
  // no longer than max in UTF-16 units is never longer than max for it
  maxLength: ([max]) => (typeof max === 'number' ? (value) => typeof value === 'string' && value.length <= max : undefined),
  isNotEmpty: () => (value) => value !== '' && value !== null && value !== undefined,
};

interface PropertyRules {
  /** `@IsOptional()`: null and undefined skip the checks */
  optional: boolean;
  /** `@OptionalNotNull()`: only undefined skips them */
  omittable: boolean;
  checks: Check[];
}

/**
 * An acceptor for a DTO class whose every rule is in CHECKS, `@IsOptional()` or `@OptionalNotNull()`, and whose
 * properties class-transformer copies as they are (no `@Type`, `@Transform`, `@Expose` or
 * `@Exclude`); undefined for any other class, which is always validated the usual way.
 *
 * It assumes the platform's pipe options: whitelist with forbidNonWhitelisted, transform
 * without transformOptions, no validation groups. It accepts a plain object (as JSON or a query
 * string parses) whose own keys are all properties with rules and whose values pass their rules,
 * and so only values of these types: a string (of storable text, as the pipe demands of every
 * input), a number, a boolean or null.
 */
export function compileAcceptor(target: Function, storage: MetadataStorage = getMetadataStorage()): Acceptor | undefined {
  const transformer = defaultMetadataStorage;
  if (transformer.getStrategy(target) !== 'none' || transformer.getExposedMetadatas(target).length > 0 || transformer.getExcludedMetadatas(target).length > 0)
    return undefined;
  const metadatas = storage.getTargetValidationMetadatas(target, '', false, false, undefined);
  if (metadatas.length === 0) return undefined;
  const properties = new Map<string, PropertyRules>();
  for (const metadata of metadatas) {
    if (metadata.each || metadata.groups?.length) return undefined;
    let rules = properties.get(metadata.propertyName);
    if (!rules) {
      if (
        transformer.findTypeMetadata(target, metadata.propertyName) ||
        transformer.findTransformMetadatas(target, metadata.propertyName, TransformationType.PLAIN_TO_CLASS).length > 0
      )
        return undefined;
      properties.set(metadata.propertyName, (rules = { optional: false, omittable: false, checks: [] }));
    }
    if (metadata.type === 'conditionalValidation' && metadata.name === 'isOptional') {
      rules.optional = true;
      continue;
    }
    if (metadata.type === 'conditionalValidation' && metadata.constraints?.[0] === isSent) {
      rules.omittable = true;
      continue;
    }
    const compile = metadata.type === 'customValidation' && metadata.name ? CHECKS[metadata.name] : undefined;
    const check = compile?.(metadata.constraints ?? []);
    if (!check) return undefined;
    rules.checks.push(check);
  }
  const entries = [...properties];
  return (value) => {
    if (typeof value !== 'object' || value === null) return false;
    const prototype = Object.getPrototypeOf(value);
    if (prototype !== Object.prototype && prototype !== null) return false;
    for (const key of Object.keys(value)) if (!properties.has(key)) return false;
    for (const [name, rules] of entries) {
      const property = (value as Record<string, unknown>)[name];
      if (rules.optional && (property === null || property === undefined)) continue;
      if (rules.omittable && property === undefined) continue;
      if (!isPrimitive(property)) return false;
      if (typeof property === 'string' && !isStorableText(property)) return false;
      for (const check of rules.checks) if (!check(property)) return false;
    }
    return true;
  };
}

/**
 * The fast path of the platform's validation pipe: for a value its DTO's acceptor certainly
 * accepts, the instance class-transformer would build (`Object.assign(new Dto(), value)`);
 * undefined for any other value, which the pipe validates the usual way. Acceptors are compiled
 * once per class.
 */
export class ValidationFastPath {
  private readonly acceptors = new WeakMap<Function, Acceptor | null>();

  build<T extends object>(metatype: new () => T, value: unknown): T | undefined {
    let accept = this.acceptors.get(metatype);
    if (accept === undefined) this.acceptors.set(metatype, (accept = compileAcceptor(metatype) ?? null));
    return accept?.(value) ? Object.assign(new metatype(), value) : undefined;
  }
}
