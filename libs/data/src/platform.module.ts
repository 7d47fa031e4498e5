import { DynamicModule, Module, Provider } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_PIPE, DiscoveryModule } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { HealthCheckService, TerminusModule, TypeOrmHealthIndicator } from '@nestjs/terminus';
import { ThrottlerModule } from '@nestjs/throttler';
import { join } from 'node:path';
import { PlatformJwtStrategy } from '@platform/pipeline/auth/jwt.strategy';
import { PlatformAuthGuard } from '@platform/pipeline/auth/platform-auth.guard';
import { RouteAudit } from '@platform/pipeline/auth/route-audit';
import { ScopeGuard } from '@platform/pipeline/auth/scope.guard';
import { PlatformConfigModule } from '@platform/pipeline/config/config.module';
import { Environment } from '@platform/pipeline/config/environment';
import { DatabaseModule } from './database/database.module';
import { ServiceDataOptions } from './database/data-source-options';
import { Transactions } from './database/transactions';
import { PlatformExceptionFilter } from '@platform/pipeline/errors/exception.filter';
import { EventOutbox } from './outbox/event-outbox';
import { createEventsController } from './outbox/events.controller';
import { createProbeController, createServiceRootController, HealthReporter } from '@platform/pipeline/health/health.controllers';
import { RedisHealthIndicator } from '@platform/pipeline/health/redis.health';
import { ShutdownState } from '@platform/pipeline/health/shutdown-state';
import { InternalApi } from '@platform/pipeline/http/internal-api';
import { RequestLog } from '@platform/pipeline/requests/request-log';
import { JobsModule } from './jobs/jobs.module';
import { createValidationPipe } from '@platform/pipeline/http/validation';
import { PlatformLoggerModule } from '@platform/pipeline/logging/platform-logger';
import { IdentitySource } from '@platform/pipeline/identity/identity-source';
import { sharedIdentitySource } from '@platform/pipeline/identity/in-process-identity.source';
import { RemoteIdentitySource } from '@platform/pipeline/identity/remote-identity.source';
import { metricsModule } from '@platform/pipeline/metrics/metrics';
import { createOpenApiController, OpenApiDocument } from '@platform/pipeline/openapi/openapi';
import { RedisConnection } from '@platform/pipeline/redis/redis.provider';
import { SERVICE_DESCRIPTOR, ServiceDescriptor } from '@platform/contracts/service';
import { MemoryRateLimitStore } from '@platform/pipeline/throttling/memory-rate-limit.store';
import { PlanThrottlerGuard } from '@platform/pipeline/throttling/plan-throttler.guard';
import { RateLimitStore } from '@platform/pipeline/throttling/rate-limit.store';
import { RedisRateLimitStore } from '@platform/pipeline/throttling/redis-rate-limit.store';
import { TenancyGuard } from '@platform/pipeline/tenancy/tenancy.guard';

export interface PlatformModuleOptions {
  service: ServiceDescriptor;
  data: Omit<ServiceDataOptions, 'service'>;
}

/**
 * The pipeline every service runs, as APP_* providers so tests get exactly what production
 * runs: auth guard → tenancy → plan throttling → scopes → validation → handler → envelope,
 * with one exception filter for everything. Also config, logging, database, health, metrics
 * and the OpenAPI document.
 */
@Module({})
export class PlatformModule {
  static forService({ service, data }: PlatformModuleOptions): DynamicModule {
    const providers: Provider[] = [
      { provide: SERVICE_DESCRIPTOR, useValue: service },
      RedisConnection,
      {
        provide: RateLimitStore,
        inject: [Environment, RedisConnection],
        useFactory: (env: Environment, redis: RedisConnection) => {
          const store = redis.client
            ? new RedisRateLimitStore(redis.client, env.REDIS_KEY_PREFIX)
            : MemoryRateLimitStore.shared(join(env.DATA_DIR, 'usage.json'));
          // at shutdown the store saves its counters (memory) or gives back its leases (Redis)
          redis.beforeQuit(() => store.flush());
          return store;
        },
      },
      ShutdownState,
      RedisHealthIndicator,
      {
        provide: HealthReporter,
        inject: [HealthCheckService, TypeOrmHealthIndicator, RedisHealthIndicator, RedisConnection],
        useFactory: (health: HealthCheckService, db: TypeOrmHealthIndicator, redisHealth: RedisHealthIndicator, redis: RedisConnection) =>
          new HealthReporter(health, db, redisHealth, redis, service),
      },
      OpenApiDocument,
      RouteAudit,
      Transactions,
      EventOutbox,
      InternalApi,
      RequestLog,
      PlatformJwtStrategy,
      { provide: APP_FILTER, useClass: PlatformExceptionFilter },
      { provide: APP_PIPE, useFactory: createValidationPipe },
      { provide: APP_GUARD, useClass: PlatformAuthGuard },
      { provide: APP_GUARD, useClass: TenancyGuard },
      { provide: APP_GUARD, useClass: PlanThrottlerGuard },
      { provide: APP_GUARD, useClass: ScopeGuard },
    ];
    if (service.identity === 'remote') {
      providers.push({
        provide: IdentitySource,
        inject: [Environment, InternalApi],
        useFactory: (env: Environment, api: InternalApi) => sharedIdentitySource() ?? new RemoteIdentitySource(env, api),
      });
    }

    return {
      module: PlatformModule,
      global: true,
      imports: [
        PlatformConfigModule,
        PlatformLoggerModule,
        DiscoveryModule,
        PassportModule,
        TerminusModule.forRoot({ logger: false }),
        ThrottlerModule.forRoot({ throttlers: [{ name: 'plan', ttl: 1000, limit: 1 }] }),
        DatabaseModule.forService({ service: service.name, ...data }),
        JobsModule,
        metricsModule(service.name),
      ],
      controllers: [createProbeController(), createServiceRootController(service), createOpenApiController(), createEventsController(service.name)],
      providers,
      exports: [
        SERVICE_DESCRIPTOR,
        RateLimitStore,
        RedisConnection,
        ShutdownState,
        OpenApiDocument,
        RouteAudit,
        Transactions,
        EventOutbox,
        InternalApi,
        RequestLog,
        PlatformConfigModule,
        JobsModule,
      ],
    };
  }
}
