import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, isISO8601, IsOptional, Max, Min, ValidateBy } from 'class-validator';
import { CURSOR_START, isPageCursor, MAX_CURSOR_LENGTH } from './page-cursor';

export const MAX_PAGE_SIZE = 100;
/** Deep enough for any real list; keeps the offset a safe integer. */
export const MAX_PAGE = 100_000;

/** RFC 3339 (OpenAPI's `date-time`): a date, a time and an offset, nothing left out. */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;

export function isDateTime(value: unknown): value is string {
  return typeof value === 'string' && DATE_TIME.test(value) && isISO8601(value, { strict: true }) && !Number.isNaN(Date.parse(value));
}

/** An instant written as RFC 3339 with its offset (`2026-03-01T08:00:00Z`, `…+01:00`), a real one. */
export function IsDateTime(): PropertyDecorator {
  return ValidateBy(
    { name: 'isDateTime', validator: { validate: isDateTime } },
    {
      message: ({ property }) => `${property} must be an ISO 8601 date-time with an offset, such as 2026-03-01T00:00:00Z`,
    },
  );
}

const PageLimit = () =>
  applyDecorators(
    ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, default: 20 }),
    IsOptional(),
    Type(() => Number),
    IsInt(),
    Min(1),
    Max(MAX_PAGE_SIZE),
  );

const PageNumber = (description?: string) =>
  applyDecorators(
    ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: MAX_PAGE, default: 1, description }),
    IsOptional(),
    Type(() => Number),
    IsInt(),
    Min(1),
    Max(MAX_PAGE),
  );

/**
 * `page` (1-based) and `limit` (1..100, default 20) alone: for paginated views that are not
 * lists of records (a report's lines, a summary per employee), which have no `updatedAt` to
 * sync on.
 */
export class PageOnlyQueryDto {
  @PageNumber()
  page: number = 1;

  @PageLimit()
  limit: number = 20;
}

/**
 * Every list's query: page mode (`page`, `limit`) or cursor mode (`cursor`, `limit`), either
 * one narrowed by `updatedSince`. Cursor mode is for incremental sync: rows come in the order of
 * their id, which never changes, so a client paging through while others write sees every row
 * that existed when it began exactly once.
 */
export class PageQueryDto {
  @PageNumber('Page mode: the 1-based page number. Not with `cursor`.')
  @ValidateBy(
    { name: 'notWithCursor', validator: { validate: (_value: unknown, args) => (args?.object as PageQueryDto).cursor === undefined } },
    {
      message: ({ property }) => `${property} must not be sent with cursor (a cursor already says where the page starts)`,
    },
  )
  page?: number;

  @PageLimit()
  limit: number = 20;

  @ApiPropertyOptional({
    type: String,
    format: 'date-time',
    example: '2026-03-01T00:00:00Z',
    description:
      'Only the rows created or changed at or after this instant (`updatedAt >= updatedSince`: inclusive, so a row changed in that very millisecond is not missed). ' +
      'RFC 3339 with an offset; percent-encode a `+` offset as `%2B`. For incremental sync, send the time your previous sync started.',
  })
  @IsOptional()
  @IsDateTime()
  updatedSince?: string;

  @ApiPropertyOptional({
    type: String,
    maxLength: MAX_CURSOR_LENGTH,
    example: CURSOR_START,
    description:
      `Cursor mode: \`${CURSOR_START}\` (or empty) for the first page, then the \`nextCursor\` of the page before, until it is null. ` +
      'Rows come in the order of their id (not the list’s usual order), which never changes: a row that existed when you began and still matches the filters is answered exactly once, however rows are written meanwhile. ' +
      '`total` is counted on the first page and carried by the cursors: every page of a walk answers the total as it began. ' +
      'Opaque: send it back as it came. Not with `page`.',
  })
  @IsOptional()
  @ValidateBy(
    { name: 'isPageCursor', validator: { validate: isPageCursor } },
    {
      message: ({ property }) => `${property} must be start or the nextCursor of a page`,
    },
  )
  cursor?: string;
}

/** Lists are counted exactly up to this many rows (see countedTotal). */
export const EXACT_TOTAL_UP_TO = 10_000;
/** How long a larger count is answered before the list is counted again. */
export const COUNTED_TOTAL_TTL_MS = 30_000;

/**
 * A page as a list answers it. Page mode: `page` is the page's number and there is no
 * `nextCursor`. Cursor mode: `page` is null and `nextCursor` is the cursor of the next page, null
 * after the last. `total` counts every row the filters (`updatedSince` included) select: in page
 * mode as of that page; in cursor mode as of the walk's first page, counted once and carried by
 * its cursors, so that a deep page costs what the first does. A total above EXACT_TOTAL_UP_TO is
 * counted at most once every COUNTED_TOTAL_TTL_MS per list and filters (per process).
 */
export interface Page<T> {
  items: T[];
  page: number | null;
  limit: number;
  total: number;
  nextCursor?: string | null;
}
