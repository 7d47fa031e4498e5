import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { validateEnvironment } from '@platform/pipeline';
import { buildDataSourceOptions } from '@platform/data';
import { BOOKS_ENTITIES } from './entities';
import { BOOKS_MIGRATIONS } from './migrations';

/** For the TypeORM CLI (migration:generate / migration:run). */
export default new DataSource(
  buildDataSourceOptions(validateEnvironment(process.env), { service: 'books', entities: BOOKS_ENTITIES, migrations: BOOKS_MIGRATIONS }),
);
