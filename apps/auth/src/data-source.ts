import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { validateEnvironment } from '@platform/pipeline';
import { buildDataSourceOptions } from '@platform/data';
import { AUTH_ENTITIES } from './entities';
import { AUTH_MIGRATIONS } from './migrations';

/** For the TypeORM CLI (migration:generate / migration:run). */
export default new DataSource(
  buildDataSourceOptions(validateEnvironment(process.env), { service: 'auth', entities: AUTH_ENTITIES, migrations: AUTH_MIGRATIONS }),
);
