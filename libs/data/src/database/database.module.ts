import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { PostgresConnectionOptions } from 'typeorm/driver/postgres/PostgresConnectionOptions';
import { Environment } from '@platform/pipeline/config/environment';
import { buildDataSourceOptions, openDataSource, ServiceDataOptions } from './data-source-options';

@Module({})
export class DatabaseModule {
  static forService(data: ServiceDataOptions): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [
        TypeOrmModule.forRootAsync({
          inject: [Environment],
          useFactory: (env: Environment) => buildDataSourceOptions(env, data),
          dataSourceFactory: async (options) => openDataSource(options as PostgresConnectionOptions),
        }),
      ],
    };
  }
}
