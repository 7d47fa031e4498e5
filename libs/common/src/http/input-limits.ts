import type { FieldErrors } from '../errors/platform.exception';

/**
 * How deep objects and arrays may nest in a validated body or query. class-transformer and
 * class-validator recurse once per level, so a body nested a few thousand levels deep (well
 * within the body limit) overflowed the stack and answered 500. The deepest DTO (a document's
 * invoice lines) nests four levels; free JSON such as a notification's `data` gets the rest.
 */
export const MAX_INPUT_DEPTH = 32;

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
 * storable text, and nesting stays within MAX_INPUT_DEPTH. Errors are keyed like the validation
 * pipe's, by dotted path (`lines.0.description`); a nesting error by its top-level property.
 * `root` names the input itself (`body`, `query`) when it is the offending value. The walk keeps
 * its own stack, so no input can overflow it.
 */
export function inputErrors(value: unknown, root: string): FieldErrors | undefined {
  let errors: FieldErrors | undefined;
  const fail = (path: string, message: string) => {
    const messages = ((errors ??= {})[path] ??= []);
    if (!messages.includes(message)) messages.push(message);
  };
  const pending: [unknown, string, number][] = [[value, '', 0]];
  while (pending.length) {
    const [current, path, depth] = pending.pop()!;
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
    for (const key of Object.keys(current)) {
      const child = path ? `${path}.${key}` : key;
      if (!isStorableText(key)) {
        fail(path || root, `${path || root} must not have keys with NUL characters or unpaired surrogates`);
        continue;
      }
      pending.push([(current as Record<string, unknown>)[key], child, depth + 1]);
    }
  }
  return errors;
}
