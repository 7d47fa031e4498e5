import { FindOptionsWhere, ObjectLiteral, Repository } from 'typeorm';
import { Page, PageQueryDto, toPage } from '../http/pagination';

/**
 * A page of rows and the total in one round trip (`COUNT(*) OVER ()`), read as plain objects:
 * no second count query and no entity hydration on hot lists. PostgreSQL only; the
 * one-machine SQLite store takes TypeORM's findAndCount.
 */
export async function findPage<T extends ObjectLiteral>(
  repository: Repository<T>,
  where: FindOptionsWhere<T>,
  order: Partial<Record<keyof T & string, 'ASC' | 'DESC'>>,
  query: PageQueryDto,
): Promise<Page<T>> {
  const skip = (query.page - 1) * query.limit;
  if (repository.manager.connection.options.type !== 'postgres') {
    const [items, total] = await repository.findAndCount({ where, order: order as never, skip, take: query.limit });
    return toPage(items, total, query);
  }
  const columns = repository.metadata.columns;
  const builder = repository
    .createQueryBuilder('row')
    .select(columns.map((column) => `row.${column.propertyPath}`))
    .addSelect('COUNT(*) OVER ()', 'page_total')
    .where(where)
    .offset(skip)
    .limit(query.limit);
  for (const [property, direction] of Object.entries(order)) builder.addOrderBy(`row.${property}`, direction as 'ASC' | 'DESC');
  const raw = await builder.getRawMany<Record<string, unknown>>();
  // the driver's own conversion of each value (dates as YYYY-MM-DD, transformers): what hydration would give, without entities
  const driver = repository.manager.connection.driver;
  const items = raw.map((row) => {
    const item: Record<string, unknown> = {};
    for (const column of columns) item[column.propertyName] = driver.prepareHydratedValue(row[`row_${column.databaseName}`], column);
    return item as T;
  });
  const total = raw.length ? Number(raw[0].page_total) : skip === 0 ? 0 : await repository.countBy(where);
  return toPage(items, total, query);
}
