import type { FieldErrors } from '../errors/platform.exception';

/**
 * How deep objects and arrays may nest in a validated body or query. class-transformer and
 * class-validator recurse once per level, so a body nested a few thousand levels deep (well
 * within the body limit) overflowed the stack and answered 500. The deepest DTO (a document's
 * invoice lines) nests four levels; free JSON such as a notification's `data` gets the rest.
 */
export const MAX_INPUT_DEPTH = 32;

/**
 * How many keys one object of a validated body or query may have. class-transformer drops
 * duplicate keys with an `indexOf` per key, so its time grows with the square of an object's
 * keys: a 536 KB body with 60,000 keys held the event loop for 8 s. The widest DTO has a few
 * dozen properties; free JSON (a notification's `data`) is far below this.
 */
export const MAX_OBJECT_KEYS = 1000;

/**
 * How many JSON values (objects, arrays, strings, numbers, booleans, nulls, the input itself
 * included) a validated body or query may hold. class-transformer and class-validator take a few
 * microseconds per value, so a 1 MiB array of 500,000 numbers held the event loop for a second;
 * this bound keeps them near 30 ms. The largest DTOs hold a few thousand (5,000 employee ids of a
 * payroll run, 2,000 rows of a financial report at four values each).
 */
export const MAX_INPUT_VALUES = 10_000;

const INPUT_VALUES_LIMIT = Symbol('maxInputValues');

/**
 * Lets a DTO's inputs hold more values than MAX_INPUT_VALUES, when its route hands the heavy
 * work to a background job and validates its bulk a slice at a time (a document job's rows).
 */
export function MaxInputValues(limit: number): ClassDecorator {
  return (target) => {
    Reflect.defineMetadata(INPUT_VALUES_LIMIT, limit, target);
  };
}

/** The values an input of this DTO may hold. */
export function maxInputValuesOf(metatype: Function): number {
  return (Reflect.getMetadata(INPUT_VALUES_LIMIT, metatype) as number | undefined) ?? MAX_INPUT_VALUES;
}

/**
 * NUL, or a UTF-16 surrogate without its pair. PostgreSQL refuses NUL in text and `\u0000` in
 * json/jsonb; an unpaired surrogate is not Unicode: json refuses it, text silently gets U+FFFD
 * instead, and validator's isEmail throws a URIError on it. Such text is refused on input.
 */
const UNSTORABLE_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function isStorableText(text: string): boolean {
  return !UNSTORABLE_TEXT.test(text);
}

/**
 * The rules every validated input obeys whatever its DTO says: strings (values and keys) hold
 * storable text, nesting stays within MAX_INPUT_DEPTH, objects within MAX_OBJECT_KEYS keys and the
 * whole input within `maxValues` values (MAX_INPUT_VALUES unless the DTO declares more). Errors are
 * keyed like the validation pipe's, by dotted path (`lines.0.description`); a nesting error by its
 * top-level property. `root` names the input itself (`body`, `query`) when it is the offending
 * value; too many values is the input's error alone, found before the rest is walked. The walk
 * keeps its own stack, so no input can overflow it, and stops at the bounds, so its time is linear
 * in what the bounds let through.
 */
export function inputErrors(value: unknown, root: string, maxValues: number = MAX_INPUT_VALUES): FieldErrors | undefined {
  let errors: FieldErrors | undefined;
  const fail = (path: string, message: string) => {
    const messages = ((errors ??= {})[path] ??= []);
    if (!messages.includes(message)) messages.push(message);
  };
  const pending: [unknown, string, number][] = [[value, '', 0]];
  // every value pending is walked later: refusing as soon as the count would pass the bound keeps the stack within it
  let walked = 0;
  while (pending.length) {
    const [current, path, depth] = pending.pop()!;
    walked++;
    if (typeof current === 'string') {
      if (!isStorableText(current)) fail(path || root, `${path || root} must not contain NUL characters or unpaired surrogates`);
      continue;
    }
    if (typeof current !== 'object' || current === null) continue;
    if (depth === MAX_INPUT_DEPTH) {
      const top = path.split('.')[0] || root;
      fail(top, `${top} must not nest objects or arrays more than ${MAX_INPUT_DEPTH} levels deep`);
      continue;
    }
    const keys = Array.isArray(current) ? undefined : Object.keys(current);
    if (keys && keys.length > MAX_OBJECT_KEYS) {
      fail(
        path || root,
        path
          ? `${path} must not have more than ${MAX_OBJECT_KEYS} keys`
          : `${root} must not have more than ${MAX_OBJECT_KEYS} ${root === 'query' ? 'parameters' : 'keys'}`,
      );
      continue;
    }
    const children = keys ? keys.length : (current as unknown[]).length;
    if (walked + pending.length + children > maxValues) return { [root]: [`${root} must not have more than ${maxValues} values`] };
    if (!keys) {
      for (let index = 0; index < children; index++) pending.push([(current as unknown[])[index], path ? `${path}.${index}` : String(index), depth + 1]);
      continue;
    }
    for (const key of keys) {
      if (!isStorableText(key)) {
        fail(path || root, `${path || root} must not have keys with NUL characters or unpaired surrogates`);
        continue;
      }
      pending.push([(current as Record<string, unknown>)[key], path ? `${path}.${key}` : key, depth + 1]);
    }
  }
  return errors;
}
