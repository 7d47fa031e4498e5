import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';
import { EntityMetadata, FindOptionsWhere, ObjectLiteral, Repository, SelectQueryBuilder } from 'typeorm';
import { PlatformException } from '@platform/pipeline/errors/platform.exception';
import { CursorPosition, decodeCursor, encodeCursor, isCursorStart } from '@platform/pipeline/http/page-cursor';
import { COUNTED_TOTAL_TTL_MS, EXACT_TOTAL_UP_TO, Page, PageQueryDto } from '@platform/pipeline/http/pagination';
import { PreparedStatement, qualifiedTable } from './prepared';
import { entityFromJson, SerializedPage } from './serialized-page';

export type PageOrder<T> = Partial<Record<keyof T & string, 'ASC' | 'DESC'>>;

/** Per entity, per shape of the query (which columns are filtered, the order): its statement, or null when it cannot have one. */
const statements = new WeakMap<EntityMetadata, Map<string, PreparedStatement | null>>();

/**
 * How a column reads in the page's JSON, so that it says exactly what the entity says when
 * serialized: timestamps as ISO 8601 in UTC with milliseconds (Date#toJSON), bigint and numeric
 * as strings (as the driver returns them), dates as YYYY-MM-DD, JSON as JSON. Null for a column
 * PostgreSQL cannot write that way (a transformer, a type not listed).
 */
function jsonExpression(column: ColumnMetadata, normalizedType: string): string | null {
  if (column.transformer || column.embeddedMetadata || column.relationMetadata) return null;
  const value = `r."${column.databaseName}"`;
  switch (normalizedType) {
    case 'timestamp with time zone':
      return `to_char(${value} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
    case 'bigint':
    case 'numeric':
      return `${value}::text`;
    case 'uuid':
    case 'character varying':
    case 'character':
    case 'text':
    case 'enum':
    case 'boolean':
    case 'integer':
    case 'smallint':
    case 'date':
    case 'json':
    case 'jsonb':
      return value;
    default:
      return null;
  }
}

function pageStatement<T extends ObjectLiteral>(repository: Repository<T>, filtered: ColumnMetadata[], order: PageOrder<T>): PreparedStatement | null {
  const { metadata } = repository;
  const shape = `${filtered.map((column) => column.propertyName).join(',')}|${Object.entries(order)
    .map(([property, direction]) => `${property} ${direction}`)
    .join(',')}`;
  let byShape = statements.get(metadata);
  if (!byShape) statements.set(metadata, (byShape = new Map()));
  if (byShape.has(shape)) return byShape.get(shape)!;

  const driver = repository.manager.connection.driver;
  const fields: string[] = [];
  for (const column of metadata.columns) {
    const expression = jsonExpression(column, driver.normalizeType(column));
    if (expression === null) {
      byShape.set(shape, null);
      return null;
    }
    fields.push(`${expression} AS "${column.propertyName}"`);
  }
  const sorted: string[] = [];
  for (const [property, direction] of Object.entries(order)) {
    const column = metadata.findColumnWithPropertyName(property);
    if (!column) throw new Error(`findPage: ${metadata.name} has no column ${property} to order by`);
    sorted.push(`"${column.databaseName}" ${direction === 'DESC' ? 'DESC' : 'ASC'}`);
  }
  const table = qualifiedTable(repository.manager.connection, metadata.target as Function);
  const where = filtered.length ? filtered.map((column, i) => `"${column.databaseName}" = $${i + 1}`).join(' AND ') : 'TRUE';
  const limit = `$${filtered.length + 1}`;
  const offset = `$${filtered.length + 2}`;
  const known = `$${filtered.length + 3}::int`;
  const statement = new PreparedStatement(
    `SELECT '[' || coalesce(string_agg(row_to_json(x)::text, ',' ORDER BY ${sorted.map((s) => `r.${s}`).join(', ')}), '') || ']' AS items, ` +
      // a page short of its limit ends the list: its total is known without counting; so is a total counted
      // lately (passed in); the uncorrelated subquery runs only when neither holds. `counted` says it ran.
      `CASE WHEN count(*) < ${limit} AND (count(*) > 0 OR ${offset} = 0) THEN (${offset} + count(*))::int ELSE coalesce(${known}, (SELECT count(*)::int FROM ${table} WHERE ${where})) END AS total, ` +
      `NOT (count(*) < ${limit} AND (count(*) > 0 OR ${offset} = 0)) AND ${known} IS NULL AS counted ` +
      `FROM ${pageRows(metadata, table, where, sorted, limit, offset)} r ` +
      `CROSS JOIN LATERAL (SELECT ${fields.join(', ')}) x`,
  );
  byShape.set(shape, statement);
  return statement;
}

/**
 * The rows of a page at an offset. With a one-column primary key the offset is walked on the
 * keys alone (an index that holds the filters, the order and the key answers that without
 * reading the table), and only the page's rows are read (a deferred join): a page deep in a list
 * costs a walk of its index, not a read of every row before it.
 */
function pageRows(metadata: EntityMetadata, table: string, where: string, sorted: string[], limit: string, offset: string): string {
  const range = `WHERE ${where} ORDER BY ${sorted.join(', ')} LIMIT ${limit} OFFSET ${offset}`;
  if (metadata.primaryColumns.length !== 1) return `(SELECT * FROM ${table} ${range})`;
  const key = `"${metadata.primaryColumns[0].databaseName}"`;
  return `(SELECT t.* FROM (SELECT ${key} FROM ${table} ${range}) k JOIN ${table} t ON t.${key} = k.${key})`;
}

/**
 * The key cursor mode orders a builder's rows by: columns of its main entity that never change
 * for a row and tell its rows apart in the list, by default the primary key. A list whose
 * items go by another id than the row's (an inbox item is its notification) pages by that id.
 */
export interface CursorOptions<T> {
  key?: (keyof T & string)[];
}

function fail(message: string): never {
  throw new Error(message);
}

/** Turns a page's rows into what the list answers (a view per row, rows joined with their children). */
export type PageView<T, V> = (rows: T[]) => V[] | Promise<V[]>;

/** What findPage reads of a list's query: PageQueryDto's, or PageOnlyQueryDto's (no sync). */
export type PageRequest = Pick<PageQueryDto, 'page' | 'limit' | 'updatedSince' | 'cursor'>;

/**
 * The one way a list reads a page: `page` and `limit` (bounded by PageQueryDto), the rows of
 * that page and the total, as `{ items, page, limit, total }`; or, with `cursor`, the rows after
 * the cursor in the order of the primary key, as `{ items, page: null, limit, total, nextCursor }`.
 * `updatedSince` keeps the rows whose `updatedAt` is at or after it, in either mode.
 *
 * From a repository, with filters and an order: when every filter is an equality and the rows
 * are answered as stored, one named prepared statement, generated once per shape from the
 * entity's metadata, in which PostgreSQL writes the rows as JSON (row_to_json): no query
 * building, row parsing, entity hydration or serialization per request, and the plan is made
 * once per connection. That page is a SerializedPage: the envelope embeds its text, and code
 * that reads its items gets the entities. An entity PostgreSQL cannot write as JSON the way it
 * serializes, a filter that is not an equality, a view, `updatedSince` or `cursor` take
 * TypeORM's query builder.
 *
 * From a query builder (filters that find options cannot say: ranges, joins, subqueries),
 * already filtered and ordered: its rows at the page's offset, and its count.
 */
export function findPage<T extends ObjectLiteral>(
  repository: Repository<T>,
  where: FindOptionsWhere<T>,
  order: PageOrder<T>,
  query: PageRequest,
): Promise<Page<T>>;
export function findPage<T extends ObjectLiteral, V>(
  repository: Repository<T>,
  where: FindOptionsWhere<T>,
  order: PageOrder<T>,
  query: PageRequest,
  view: PageView<T, V>,
): Promise<Page<V>>;
export function findPage<T extends ObjectLiteral>(builder: SelectQueryBuilder<T>, query: PageRequest): Promise<Page<T>>;
export function findPage<T extends ObjectLiteral, V>(
  builder: SelectQueryBuilder<T>,
  query: PageRequest,
  view: PageView<T, V>,
  options?: CursorOptions<T>,
): Promise<Page<V>>;
export async function findPage<T extends ObjectLiteral, V>(
  source: Repository<T> | SelectQueryBuilder<T>,
  ...rest: [FindOptionsWhere<T>, PageOrder<T>, PageRequest, PageView<T, V>?] | [PageRequest, PageView<T, V>?, CursorOptions<T>?]
): Promise<Page<T | V>> {
  if (source instanceof SelectQueryBuilder) {
    const [query, view, options] = rest as [PageRequest, PageView<T, V>?, CursorOptions<T>?];
    return builderPage(source, query, view, options);
  }
  const [where, order, query, view] = rest as [FindOptionsWhere<T>, PageOrder<T>, PageRequest, PageView<T, V>?];
  if (query.cursor !== undefined || query.updatedSince !== undefined) {
    const builder = source.createQueryBuilder('row').where(where);
    for (const [property, direction] of Object.entries(order)) builder.addOrderBy(`row.${property}`, direction as 'ASC' | 'DESC');
    return builderPage(builder, query, view);
  }
  const pageNumber = query.page ?? 1;
  const skip = (pageNumber - 1) * query.limit;
  if (!view) {
    const prepared = equalityStatement(source, where, order);
    if (prepared) {
      // the statement's name is a hash of its text
      const key = countKey(prepared.statement.name, prepared.values);
      const [{ items, total, counted }] = await prepared.statement.run<{ items: string; total: number; counted: boolean }>(source.manager.connection, [
        ...prepared.values,
        query.limit,
        skip,
        countedTotals.get(key) ?? null,
      ]);
      if (counted) keepCount(key, total);
      return new SerializedPage(
        `{"items":${items},"page":${pageNumber},"limit":${query.limit},"total":${total}}`,
        pageNumber,
        query.limit,
        total,
        entityFromJson(source),
      );
    }
  }
  const rows = await source.find({ where, order: order as never, skip, take: query.limit });
  const total = await pageTotal(
    rows.length,
    query.limit,
    skip,
    () => countKey(source.metadata.tablePath, where),
    () => source.count({ where }),
  );
  return { items: view ? await view(rows) : rows, page: pageNumber, limit: query.limit, total };
}

/**
 * A count above EXACT_TOTAL_UP_TO is kept (per process, by its query and values, so per company
 * and filters) for COUNTED_TOTAL_TTL_MS: the pages of a large list asked meanwhile answer that
 * total instead of counting every row again. Smaller counts are cheap and always made.
 */
const countedTotals = new LRUCache<string, number>({ max: 5_000, ttl: COUNTED_TOTAL_TTL_MS });

/** The key of a count: its query and values, hashed (a tenant's counts are apart as their values are). */
export function countKey(query: string, values: unknown): string {
  return createHash('sha256').update(query).update('\0').update(JSON.stringify(values)).digest('base64url');
}

function keepCount(key: string, total: number): void {
  if (total > EXACT_TOTAL_UP_TO) countedTotals.set(key, total);
}

/** A count through the cache: a large total counted lately, or `count` (kept when large). */
export async function countedTotal(key: string, count: () => Promise<number>): Promise<number> {
  const kept = countedTotals.get(key);
  if (kept !== undefined) return kept;
  const total = await count();
  keepCount(key, total);
  return total;
}

/**
 * The total of a page-mode list whose page (at offset `skip`) answered `found` rows: a page short
 * of its limit ends the list, so its total is known without counting; otherwise its count
 * (`count`, under the key `key` makes, only then: see countedTotal).
 */
export function pageTotal(found: number, limit: number, skip: number, key: () => string, count: () => Promise<number>): Promise<number> {
  return found < limit && (found > 0 || skip === 0) ? Promise.resolve(skip + found) : countedTotal(key(), count);
}

async function builderPage<T extends ObjectLiteral, V>(
  builder: SelectQueryBuilder<T>,
  query: PageRequest,
  view?: PageView<T, V>,
  options: CursorOptions<T> = {},
): Promise<Page<T | V>> {
  const metadata = builder.expressionMap.mainAlias!.metadata;
  const alias = builder.alias;
  if (query.updatedSince !== undefined) {
    const updatedAt = metadata.updateDateColumn ?? metadata.findColumnWithPropertyName('updatedAt');
    if (!updatedAt) throw new Error(`findPage: ${metadata.name} has no updatedAt to filter on`);
    builder.andWhere(`${alias}.${updatedAt.propertyPath} >= :pageUpdatedSince`, { pageUpdatedSince: query.updatedSince });
  }
  if (query.cursor === undefined) {
    const pageNumber = query.page ?? 1;
    const skip = (pageNumber - 1) * query.limit;
    const rows = await builder.clone().offset(skip).limit(query.limit).getMany();
    const total = await pageTotal(
      rows.length,
      query.limit,
      skip,
      () => builderCountKey(builder),
      () => builder.getCount(),
    );
    return { items: view ? await view(rows) : rows, page: pageNumber, limit: query.limit, total };
  }

  const keyColumns = options.key
    ? options.key.map((property) => metadata.findColumnWithPropertyName(property) ?? fail(`findPage: ${metadata.name} has no column ${property} to page by`))
    : metadata.primaryColumns;
  const after = cursorPosition(query.cursor, keyColumns);
  const counted = after?.total == null ? builder.clone() : null;
  builder.orderBy();
  for (const column of keyColumns) builder.addOrderBy(`${alias}.${column.propertyPath}`, 'ASC');
  if (after) {
    const parameters = Object.fromEntries(after.key.map((value, i) => [`pageAfter${i}`, value]));
    const columns = keyColumns.map((column) => `${alias}.${column.propertyPath}`).join(', ');
    builder.andWhere(`(${columns}) > (${after.key.map((_, i) => `:pageAfter${i}`).join(', ')})`, parameters);
  }
  // one row past the page says whether another page follows; the walk is counted on its first page only, and its cursors carry the count
  const [rows, total] = await Promise.all([
    builder.limit(query.limit + 1).getMany(),
    counted ? countedTotal(builderCountKey(counted), () => counted.getCount()) : after!.total!,
  ]);
  const more = rows.length > query.limit;
  const items = more ? rows.slice(0, query.limit) : rows;
  const nextCursor = more
    ? encodeCursor(
        keyColumns.map((column) => column.getEntityValue(items[items.length - 1]) as string | number),
        total,
      )
    : null;
  return { items: view ? await view(items) : items, page: null, limit: query.limit, total, nextCursor };
}

function builderCountKey<T extends ObjectLiteral>(builder: SelectQueryBuilder<T>): string {
  const [sql, values] = builder.getQueryAndParameters();
  return countKey(sql, values);
}

/** A uuid as PostgreSQL writes one (what a cursor of ours holds). */
const UUID_TEXT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The position a `cursor` names, its key checked against the table's primary key; null for the start. A key of another shape is the client's error. */
function cursorPosition(cursor: string, keyColumns: ColumnMetadata[]): CursorPosition | null {
  if (isCursorStart(cursor)) return null;
  const position = decodeCursor(cursor);
  const key = position?.key;
  const fits =
    key !== undefined &&
    key.length === keyColumns.length &&
    keyColumns.every((column, i) => {
      const value = key[i];
      if (column.type === 'uuid') return typeof value === 'string' && UUID_TEXT.test(value);
      if (['int', 'integer', 'bigint', 'smallint', Number].includes(column.type as never))
        return typeof value === 'number' || (typeof value === 'string' && /^-?\d{1,19}$/.test(value));
      return typeof value === 'string';
    });
  if (!fits || !position) throw PlatformException.validation({ cursor: ['cursor must be start or the nextCursor of a page'] });
  return position;
}

/** The prepared statement of a page whose filters are all equalities on columns, with the filters' values; null when there is none. */
function equalityStatement<T extends ObjectLiteral>(
  repository: Repository<T>,
  where: FindOptionsWhere<T>,
  order: PageOrder<T>,
): { statement: PreparedStatement; values: unknown[] } | null {
  const filtered: ColumnMetadata[] = [];
  const values: unknown[] = [];
  for (const [property, value] of Object.entries(where)) {
    const column = repository.metadata.findColumnWithPropertyName(property);
    if (!column || !['string', 'number', 'boolean'].includes(typeof value)) return null;
    filtered.push(column);
    values.push(value);
  }
  const statement = pageStatement(repository, filtered, order);
  return statement && { statement, values };
}
