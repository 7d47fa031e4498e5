import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { buildDataSourceOptions, validateEnvironment } from '@platform/common';
import { UTILITIES_ENTITIES } from './entities';
import { UTILITIES_MIGRATIONS } from './migrations';

/** For the TypeORM CLI (migration:generate / migration:run). */
export default new DataSource(
  buildDataSourceOptions(validateEnvironment(process.env), { service: 'utilities', entities: UTILITIES_ENTITIES, migrations: UTILITIES_MIGRATIONS }),
);
