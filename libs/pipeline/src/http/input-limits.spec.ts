import { inputErrors, isStorableText, MAX_INPUT_DEPTH, MAX_INPUT_VALUES, MAX_OBJECT_KEYS } from './input-limits';

/** An object with `count` keys `k0`, `k1`, …, each 1. */
function wide(count: number): Record<string, number> {
  return Object.fromEntries(Array.from({ length: count }, (_, i) => [`k${i}`, 1]));
}

/** An object `levels` deep: `{ a: { a: ... 1 } }`. */
function nested(levels: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
}

describe('isStorableText', () => {
  it('refuses NUL and unpaired surrogates, and takes every other text', () => {
    for (const text of ['', 'plain', 'Écriture n°1 – 1 000 XAF', '😀', 'a😀b', '\u0001\u001f\u007f', '\ufffd']) expect(isStorableText(text)).toBe(true);
    for (const text of ['\u0000', 'a\u0000b', '\ud800', 'a\ud83db', '\ude00', 'x\ude00\ud83d', '😀'.slice(0, 1)]) expect(isStorableText(text)).toBe(false);
  });
});

describe('inputErrors', () => {
  it('finds nothing wrong in ordinary input', () => {
    expect(inputErrors({ name: 'Amina 😀', lines: [{ amount: 1, note: null }], flags: [true, false] }, 'body')).toBeUndefined();
    expect(inputErrors(undefined, 'body')).toBeUndefined();
    expect(inputErrors(42, 'query')).toBeUndefined();
  });

  it('keys text errors by the dotted path of the value, or of the object whose key is bad', () => {
    expect(inputErrors({ name: 'a\u0000b', lines: [{ description: 'ok' }, { description: '\ud800' }], data: { 'k\u0000': 1 } }, 'body')).toEqual({
      name: ['name must not contain NUL characters or unpaired surrogates'],
      'lines.1.description': ['lines.1.description must not contain NUL characters or unpaired surrogates'],
      data: ['data must not have keys with NUL characters or unpaired surrogates'],
    });
    expect(inputErrors('\u0000', 'body')).toEqual({ body: ['body must not contain NUL characters or unpaired surrogates'] });
  });

  it(`takes ${MAX_INPUT_DEPTH} levels of nesting and refuses one more, by the top-level property`, () => {
    expect(inputErrors(nested(MAX_INPUT_DEPTH), 'body')).toBeUndefined();
    expect(inputErrors({ data: nested(MAX_INPUT_DEPTH - 1) }, 'body')).toBeUndefined();
    expect(inputErrors({ data: nested(MAX_INPUT_DEPTH) }, 'body')).toEqual({
      data: [`data must not nest objects or arrays more than ${MAX_INPUT_DEPTH} levels deep`],
    });
    let arrays: unknown = [];
    for (let i = 0; i < MAX_INPUT_DEPTH; i++) arrays = [arrays];
    expect(inputErrors(arrays, 'body')).toEqual({ 0: [`0 must not nest objects or arrays more than ${MAX_INPUT_DEPTH} levels deep`] });
  });

  it('walks input nested far deeper than the stack allows', () => {
    expect(inputErrors({ data: nested(200_000) }, 'body')).toEqual({ data: [expect.stringContaining('levels deep')] });
  });

  it(`takes ${MAX_OBJECT_KEYS} keys in an object and refuses one more, by the object's path`, () => {
    expect(inputErrors({ data: wide(MAX_OBJECT_KEYS) }, 'body')).toBeUndefined();
    expect(inputErrors({ name: 'w', x: wide(MAX_OBJECT_KEYS + 1), lines: [{ data: wide(60_000) }] }, 'body')).toEqual({
      x: [`x must not have more than ${MAX_OBJECT_KEYS} keys`],
      'lines.0.data': [`lines.0.data must not have more than ${MAX_OBJECT_KEYS} keys`],
    });
    expect(inputErrors(wide(MAX_OBJECT_KEYS + 1), 'body')).toEqual({ body: [`body must not have more than ${MAX_OBJECT_KEYS} keys`] });
    expect(inputErrors(wide(MAX_OBJECT_KEYS + 1), 'query')).toEqual({ query: [`query must not have more than ${MAX_OBJECT_KEYS} parameters`] });
  });

  it(`takes ${MAX_INPUT_VALUES} values in all (the input itself, objects and arrays included) and refuses one more`, () => {
    const items = (count: number) => Array.from({ length: count }, () => 'x');
    // the body, the array and its items
    expect(inputErrors({ ids: items(MAX_INPUT_VALUES - 2) }, 'body')).toBeUndefined();
    expect(inputErrors({ ids: items(MAX_INPUT_VALUES - 1) }, 'body')).toEqual({ body: [`body must not have more than ${MAX_INPUT_VALUES} values`] });
    // four values a row: the row object and its three properties
    const rows = (count: number) => ({ rows: Array.from({ length: count }, () => ({ account: '601', debit: 1, credit: 0 })) });
    expect(inputErrors(rows((MAX_INPUT_VALUES - 2) / 4), 'body')).toBeUndefined();
    expect(inputErrors(rows((MAX_INPUT_VALUES - 2) / 4 + 1), 'body')).toEqual({ body: [`body must not have more than ${MAX_INPUT_VALUES} values`] });
    expect(inputErrors({ a: items(600), b: { c: items(MAX_INPUT_VALUES) } }, 'query')).toEqual({
      query: [`query must not have more than ${MAX_INPUT_VALUES} values`],
    });
  });

  it('refuses a long array without reading its items, and a wide object without reading its values', () => {
    let reads = 0;
    const watched = <T extends object>(target: T) =>
      new Proxy(target, { get: (object, key) => (typeof key === 'string' && /^\d+$|^k\d+$/.test(key) && reads++, Reflect.get(object, key)) });
    expect(inputErrors({ x: watched(new Array(500_000).fill(1)) }, 'body')).toEqual({ body: [expect.stringContaining('values')] });
    expect(inputErrors({ x: watched(wide(100_000)) }, 'body')).toEqual({ x: [expect.stringContaining('keys')] });
    expect(reads).toBe(0);
  });
});
