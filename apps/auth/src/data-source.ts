import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { buildDataSourceOptions, validateEnvironment } from '@platform/common';
import { AUTH_ENTITIES } from './entities';
import { AUTH_MIGRATIONS } from './migrations';

/** For the TypeORM CLI (migration:generate / migration:run). */
export default new DataSource(
  buildDataSourceOptions(validateEnvironment(process.env), { service: 'auth', entities: AUTH_ENTITIES, migrations: AUTH_MIGRATIONS }),
);
