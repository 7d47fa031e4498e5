import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { validateEnvironment } from '@platform/pipeline';
import { buildDataSourceOptions } from '@platform/data';
import { HR_ENTITIES } from './entities';
import { HR_MIGRATIONS } from './migrations';

/** For the TypeORM CLI (migration:generate / migration:run). */
export default new DataSource(buildDataSourceOptions(validateEnvironment(process.env), { service: 'hr', entities: HR_ENTITIES, migrations: HR_MIGRATIONS }));
