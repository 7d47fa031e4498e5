import type { EntityMetadata, ObjectLiteral, Repository } from 'typeorm';
import type { Page } from '@platform/pipeline/http/pagination';
import { SerializedJson } from '@platform/pipeline/http/serialized-json';

/**
 * A page PostgreSQL wrote as JSON (findPage's prepared statement). To the HTTP layer it is
 * SerializedJson: the success envelope embeds its text as it is. To code it is a Page of
 * entities, as TypeORM would have read them: its items are read from the text only when asked
 * for, so a service reads as domain while a list answered over HTTP is never parsed.
 */
export class SerializedPage<T> extends SerializedJson implements Page<T> {
  private parsed?: T[];

  constructor(
    json: string,
    readonly page: number,
    readonly limit: number,
    readonly total: number,
    private readonly entityOf: (row: Record<string, unknown>) => T,
  ) {
    super(json);
  }

  get items(): T[] {
    return (this.parsed ??= (JSON.parse(this.json) as { items: Record<string, unknown>[] }).items.map(this.entityOf));
  }

  toJSON(): Page<T> {
    return { items: this.items, page: this.page, limit: this.limit, total: this.total };
  }
}

/** Per entity, how a row of a page's JSON becomes the entity. */
const converters = new WeakMap<EntityMetadata, (row: Record<string, unknown>) => unknown>();

/**
 * Turns a row of a page's JSON into the entity TypeORM would have read: timestamps become dates;
 * every other column a page's JSON holds reads as the driver returns it (bigint and numeric as
 * strings, dates as YYYY-MM-DD, JSON as values).
 */
export function entityFromJson<T extends ObjectLiteral>(repository: Repository<T>): (row: Record<string, unknown>) => T {
  const { metadata } = repository;
  let convert = converters.get(metadata);
  if (!convert) {
    const driver = repository.manager.connection.driver;
    const timestamps = metadata.columns.filter((column) => driver.normalizeType(column) === 'timestamp with time zone').map((column) => column.propertyName);
    convert = (row) => {
      for (const property of timestamps) if (typeof row[property] === 'string') row[property] = new Date(row[property] as string);
      return Object.assign(metadata.create() as object, row);
    };
    converters.set(metadata, convert);
  }
  return convert as (row: Record<string, unknown>) => T;
}
