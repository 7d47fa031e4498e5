import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { validateEnvironment } from '@platform/pipeline';
import { buildDataSourceOptions } from '@platform/data';
import { UTILITIES_ENTITIES } from './entities';
import { UTILITIES_MIGRATIONS } from './migrations';

/** For the TypeORM CLI (migration:generate / migration:run). */
export default new DataSource(
  buildDataSourceOptions(validateEnvironment(process.env), { service: 'utilities', entities: UTILITIES_ENTITIES, migrations: UTILITIES_MIGRATIONS }),
);
