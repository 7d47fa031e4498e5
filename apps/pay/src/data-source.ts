import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { validateEnvironment } from '@platform/pipeline';
import { buildDataSourceOptions } from '@platform/data';
import { PAY_ENTITIES } from './entities';
import { PAY_MIGRATIONS } from './migrations';

/** For the TypeORM CLI (migration:generate / migration:run). */
export default new DataSource(buildDataSourceOptions(validateEnvironment(process.env), { service: 'pay', entities: PAY_ENTITIES, migrations: PAY_MIGRATIONS }));
