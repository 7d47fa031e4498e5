import { ArgumentMetadata, ValidationError, ValidationPipe, ValidationPipeOptions } from '@nestjs/common';
import { getMetadataStorage } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';
import { FieldErrors, PlatformException } from '../errors/platform.exception';
import { inputErrors, maxInputValuesOf } from './input-limits';
import { Acceptor, compileAcceptor } from './validation-fast-path';

/** Flattens class-validator errors into `{ "lines.0.amount": ["..."] }`. */
export function flattenValidationErrors(errors: ValidationError[], parent = ''): FieldErrors {
  const out: FieldErrors = {};
  for (const error of errors) {
    const path = parent ? `${parent}.${error.property}` : error.property;
    if (error.constraints) out[path] = Object.values(error.constraints);
    if (error.children?.length) Object.assign(out, flattenValidationErrors(error.children, path));
  }
  return out;
}

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

/**
 * Nest's ValidationPipe, with a fast path for a valid value of a simple DTO: a value that
 * `compileAcceptor` certainly accepts becomes an instance of the DTO with the same properties, as
 * class-transformer would build it, without class-transformer or class-validator. Every other
 * value, and every value of any other DTO, goes through the pipe as before, which words the
 * errors. On a PATCH of a notification preference the pipe took about 8% of the server's time.
 *
 * Before a value reaches class-transformer it must obey the input rules of every DTO
 * (`inputErrors`: storable text; nesting, keys per object and values in all bounded); the fast path
 * accepts only values that do, flat objects of the DTO's own properties.
 */
export class PlatformValidationPipe extends ValidationPipe {
  private readonly acceptors = new WeakMap<Function, Acceptor | null>();

  override transform(value: unknown, metadata: ArgumentMetadata): any {
    const metatype = metadata.metatype;
    if (metatype && this.toValidate(metadata)) {
      if (this.isTransformEnabled && !this.expectedType) {
        let accept = this.acceptors.get(metatype);
        if (accept === undefined) this.acceptors.set(metatype, (accept = compileAcceptor(metatype) ?? null));
        if (accept?.(value)) return Object.assign(new metatype(), value);
      }
      const errors = inputErrors(value, metadata.type, maxInputValuesOf(metatype));
      if (errors) throw PlatformException.validation(errors);
      const [rest, putBack] = setAsideKept(metatype, value);
      if (rest !== value) return (super.transform(rest, metadata) as Promise<object>).then(putBack);
    }
    return super.transform(value, metadata);
  }
}

const KEPT_AS_PARSED = Symbol('keptAsParsed');

/**
 * Marks a body property holding free JSON that its handler checks itself, a slice at a time (a
 * document's `data`): the pipe validates the property's own decorators against an empty stand-in
 * of the same kind and hands the value over as parsed, without class-transformer's copy of every
 * value in it (170 ms of event loop for a 10,000-row report under ts-jest, 50 ms compiled).
 */
export function KeptAsParsed(): PropertyDecorator {
  return (target, property) => {
    const kept: (string | symbol)[] = Reflect.getMetadata(KEPT_AS_PARSED, target.constructor) ?? [];
    Reflect.defineMetadata(KEPT_AS_PARSED, [...kept, property], target.constructor);
  };
}

/** `value` with each kept property's object or array set aside, and a function putting them back on the result. */
function setAsideKept(metatype: Function, value: unknown): [unknown, (instance: object) => object] {
  const kept: (string | symbol)[] | undefined = Reflect.getMetadata(KEPT_AS_PARSED, metatype);
  if (!kept || typeof value !== 'object' || value === null || Array.isArray(value)) return [value, (instance) => instance];
  const rest: Record<string | symbol, unknown> = { ...value };
  const parsed: Record<string | symbol, unknown> = {};
  for (const property of kept) {
    const held = rest[property];
    if (typeof held !== 'object' || held === null) continue;
    parsed[property] = held;
    rest[property] = Array.isArray(held) ? [] : {};
  }
  return [rest, (instance) => Object.assign(instance, parsed)];
}

/** The platform's validation options, which the fast path assumes (whitelist, forbidNonWhitelisted, transform, no groups). */
export const VALIDATION_PIPE_OPTIONS: ValidationPipeOptions = {
  whitelist: true,
  forbidNonWhitelisted: true,
  transform: true,
  stopAtFirstError: false,
  validationError: { target: false, value: false },
  exceptionFactory: (errors) => PlatformException.validation(flattenValidationErrors(errors)),
};

export function createValidationPipe(): ValidationPipe {
  memoizeValidationMetadata();
  return new PlatformValidationPipe(VALIDATION_PIPE_OPTIONS);
}
