import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { validateEnvironment } from '@platform/pipeline';
import { buildDataSourceOptions } from '@platform/data';
import { PAYROLL_ENTITIES } from './entities';
import { PAYROLL_MIGRATIONS } from './migrations';

/** For the TypeORM CLI (migration:generate / migration:run). */
export default new DataSource(
  buildDataSourceOptions(validateEnvironment(process.env), { service: 'payroll', entities: PAYROLL_ENTITIES, migrations: PAYROLL_MIGRATIONS }),
);
