import 'reflect-metadata';
import { PlatformException } from '../errors/platform.exception';
import { decodeCursor, encodeCursor, isCursorStart, isPageCursor, MAX_CURSOR_LENGTH } from './page-cursor';
import { isDateTime, PageOnlyQueryDto, PageQueryDto } from './pagination';
import { createValidationPipe } from './validation';

describe('page cursor', () => {
  const id = '0195a1b2-3c4d-7e5f-8a9b-0c1d2e3f4a5b';

  it('encodes a key as base64url text and decodes it back', () => {
    const cursor = encodeCursor([id]);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor)).toEqual({ key: [id], total: null });
    expect(decodeCursor(encodeCursor(['2026-03-01', 42]))).toEqual({ key: ['2026-03-01', 42], total: null });
    expect(encodeCursor([id]).length).toBeLessThanOrEqual(MAX_CURSOR_LENGTH);
  });

  it('carries the total of the walk that made it', () => {
    const cursor = encodeCursor([id], 120_000);
    expect(decodeCursor(cursor)).toEqual({ key: [id], total: 120_000 });
    expect(encodeCursor([id], Number.MAX_SAFE_INTEGER).length).toBeLessThanOrEqual(MAX_CURSOR_LENGTH);
  });

  it.each([
    ['not base64url', 'abc+/='],
    ['not JSON', Buffer.from('not json').toString('base64url')],
    ['JSON but not an array', Buffer.from(JSON.stringify({ id })).toString('base64url')],
    ['a total that is not a count', Buffer.from(JSON.stringify({ k: [id], t: -1 })).toString('base64url')],
    ['a total that is not a number', Buffer.from(JSON.stringify({ k: [id], t: '5' })).toString('base64url')],
    ['a position with more fields', Buffer.from(JSON.stringify({ k: [id], t: 5, x: 1 })).toString('base64url')],
    ['a position with no key', Buffer.from(JSON.stringify({ t: 5 })).toString('base64url')],
    ['an empty array', Buffer.from('[]').toString('base64url')],
    ['an array of objects', Buffer.from(JSON.stringify([{ id }])).toString('base64url')],
    ['a number that is not a safe integer', Buffer.from('[1.5]').toString('base64url')],
    ['a null', Buffer.from('[null]').toString('base64url')],
    ['bytes that are not UTF-8', Buffer.from([0x5b, 0xff, 0x5d]).toString('base64url')],
    ['too long', encodeCursor(['x'.repeat(MAX_CURSOR_LENGTH)])],
    ['one with a character dropped', encodeCursor([id]).slice(0, -1)],
  ])('refuses a cursor that is %s', (_what, cursor) => {
    expect(decodeCursor(cursor)).toBeNull();
    expect(isPageCursor(cursor)).toBe(false);
  });

  it('takes `start` and an empty value as the beginning', () => {
    expect(isCursorStart('start')).toBe(true);
    expect(isCursorStart('')).toBe(true);
    expect(isCursorStart(encodeCursor([id]))).toBe(false);
    expect(isPageCursor('start')).toBe(true);
    expect(isPageCursor('')).toBe(true);
    expect(isPageCursor(encodeCursor([id]))).toBe(true);
  });
});

describe('updatedSince', () => {
  it.each(['2026-03-01T00:00:00Z', '2026-03-01T08:30:00.123Z', '2026-03-01T08:30:00.123456+01:00', '2026-03-01T08:30:00-05:00'])('takes %s', (value) => {
    expect(isDateTime(value)).toBe(true);
  });

  it.each(['2026-03-01', '2026-03-01T00:00:00', '2026-02-30T00:00:00Z', '2026-03-01T24:00:00Z', '2026-03-01 00:00:00Z', 'yesterday', '1700000000'])(
    'refuses %s',
    (value) => {
      expect(isDateTime(value)).toBe(false);
    },
  );
});

describe('a list’s query', () => {
  const pipe = createValidationPipe();
  const validate = (query: Record<string, string>, metatype: Function = PageQueryDto) =>
    Promise.resolve(pipe.transform(query, { type: 'query', metatype: metatype as never })).then(
      (value) => ({ value: value as PageQueryDto, errors: undefined }),
      (error: PlatformException) => ({ value: undefined, errors: error.options.errors }),
    );

  it('keeps page mode as it was: page defaults to 1 where it is read, limit to 20', async () => {
    expect((await validate({})).value).toMatchObject({ limit: 20 });
    expect((await validate({ page: '3', limit: '5' })).value).toMatchObject({ page: 3, limit: 5 });
    expect((await validate({}, PageOnlyQueryDto)).value).toMatchObject({ page: 1, limit: 20 });
  });

  it('takes a cursor or updatedSince, and refuses a cursor with a page', async () => {
    expect((await validate({ cursor: 'start', updatedSince: '2026-03-01T00:00:00Z' })).value).toMatchObject({
      cursor: 'start',
      updatedSince: '2026-03-01T00:00:00Z',
    });
    expect((await validate({ cursor: 'start', page: '2' })).errors).toEqual({
      page: ['page must not be sent with cursor (a cursor already says where the page starts)'],
    });
    expect((await validate({ cursor: 'nope!' })).errors).toEqual({ cursor: ['cursor must be start or the nextCursor of a page'] });
    expect((await validate({ updatedSince: '2026-03-01' })).errors).toEqual({
      updatedSince: ['updatedSince must be an ISO 8601 date-time with an offset, such as 2026-03-01T00:00:00Z'],
    });
  });

  it('gives views that do not sync no cursor and no updatedSince', async () => {
    expect((await validate({ cursor: 'start' }, PageOnlyQueryDto)).errors).toEqual({ cursor: ['property cursor should not exist'] });
    expect((await validate({ updatedSince: '2026-03-01T00:00:00Z' }, PageOnlyQueryDto)).errors).toEqual({
      updatedSince: ['property updatedSince should not exist'],
    });
  });
});
