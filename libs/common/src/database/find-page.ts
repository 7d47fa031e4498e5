import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';
import { EntityMetadata, FindOptionsWhere, ObjectLiteral, Repository, SelectQueryBuilder } from 'typeorm';
import { Page, PageQueryDto } from '../http/pagination';
import { SerializedJson } from '../http/serialized-json';
import { PreparedStatement, qualifiedTable } from './prepared';

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
  const shape = `${filtered.map((column) => column.propertyName).join(',')}|${Object.entries(order).map(([property, direction]) => `${property} ${direction}`).join(',')}`;
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
  const statement = new PreparedStatement(
    `SELECT '[' || coalesce(string_agg(row_to_json(x)::text, ',' ORDER BY ${sorted.map((s) => `r.${s}`).join(', ')}), '') || ']' AS items, ` +
      `(SELECT count(*)::int FROM ${table} WHERE ${where}) AS total ` +
      `FROM (SELECT * FROM ${table} WHERE ${where} ORDER BY ${sorted.join(', ')} LIMIT ${limit} OFFSET ${offset}) r ` +
      `CROSS JOIN LATERAL (SELECT ${fields.join(', ')}) x`,
  );
  byShape.set(shape, statement);
  return statement;
}

/** Turns a page's rows into what the list answers (a view per row, rows joined with their children). */
export type PageView<T, V> = (rows: T[]) => V[] | Promise<V[]>;

/**
 * The one way a list reads a page: `page` and `limit` (bounded by PageQueryDto), the rows of
 * that page and the total, as `{ items, page, limit, total }`.
 *
 * From a repository, with filters and an order: when every filter is an equality and the rows
 * are answered as stored, one named prepared statement, generated once per shape from the
 * entity's metadata, in which PostgreSQL writes the rows as JSON (row_to_json): no query
 * building, row parsing, entity hydration or serialization per request, and the plan is made
 * once per connection. An entity PostgreSQL cannot write as JSON the way it serializes, a
 * filter that is not an equality, or a view takes TypeORM's findAndCount.
 *
 * From a query builder (filters that find options cannot say: ranges, joins, subqueries),
 * already filtered and ordered: its rows at the page's offset, and its count.
 */
export function findPage<T extends ObjectLiteral>(repository: Repository<T>, where: FindOptionsWhere<T>, order: PageOrder<T>, query: PageQueryDto): Promise<Page<T> | SerializedJson>;
export function findPage<T extends ObjectLiteral, V>(repository: Repository<T>, where: FindOptionsWhere<T>, order: PageOrder<T>, query: PageQueryDto, view: PageView<T, V>): Promise<Page<V>>;
export function findPage<T extends ObjectLiteral>(builder: SelectQueryBuilder<T>, query: PageQueryDto): Promise<Page<T>>;
export function findPage<T extends ObjectLiteral, V>(builder: SelectQueryBuilder<T>, query: PageQueryDto, view: PageView<T, V>): Promise<Page<V>>;
export async function findPage<T extends ObjectLiteral, V>(
  source: Repository<T> | SelectQueryBuilder<T>,
  ...rest: [FindOptionsWhere<T>, PageOrder<T>, PageQueryDto, PageView<T, V>?] | [PageQueryDto, PageView<T, V>?]
): Promise<Page<T | V> | SerializedJson> {
  if (source instanceof SelectQueryBuilder) {
    const [query, view] = rest as [PageQueryDto, PageView<T, V>?];
    const [rows, total] = await source
      .offset((query.page - 1) * query.limit)
      .limit(query.limit)
      .getManyAndCount();
    return page<T | V>(view ? await view(rows) : rows, total, query);
  }
  const [where, order, query, view] = rest as [FindOptionsWhere<T>, PageOrder<T>, PageQueryDto, PageView<T, V>?];
  const skip = (query.page - 1) * query.limit;
  if (!view) {
    const prepared = equalityStatement(source, where, order);
    if (prepared) {
      const [{ items, total }] = await prepared.statement.run<{ items: string; total: number }>(source.manager.connection, [...prepared.values, query.limit, skip]);
      return new SerializedJson(`{"items":${items},"page":${query.page},"limit":${query.limit},"total":${total}}`);
    }
  }
  const [rows, total] = await source.findAndCount({ where, order: order as never, skip, take: query.limit });
  return page<T | V>(view ? await view(rows) : rows, total, query);
}

/** The prepared statement of a page whose filters are all equalities on columns, with the filters' values; null when there is none. */
function equalityStatement<T extends ObjectLiteral>(repository: Repository<T>, where: FindOptionsWhere<T>, order: PageOrder<T>): { statement: PreparedStatement; values: unknown[] } | null {
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

function page<T>(items: T[], total: number, query: PageQueryDto): Page<T> {
  return { items, page: query.page, limit: query.limit, total };
}
