import { Controller, Get, HttpCode, Type } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiExtraModels, ApiOperation, ApiTags } from '@nestjs/swagger';
import { HealthCheckResult, HealthCheckService, HealthIndicatorFunction, TypeOrmHealthIndicator } from '@nestjs/terminus';
import { Authenticated, Public } from '../auth/auth.decorators';
import { Environment } from '../config/environment';
import { PlatformException } from '../errors/platform.exception';
import { SuccessMessage } from '../http/response.decorators';
import { ApiEnvelope, ApiTag } from '../openapi/api-responses';
import { DependencyStatusView, HealthReportView, ServiceRootView } from '../openapi/service-views';
import { RedisConnection } from '../redis/redis.provider';
import type { ServiceDescriptor } from '@platform/contracts/service';
import { RedisHealthIndicator } from './redis.health';
import { ShutdownState } from './shutdown-state';

export interface DependencyReport {
  status: 'ok' | 'error';
  service: string;
  version: string;
  uptimeSeconds: number;
  dependencies: Record<string, { status: 'up' | 'down'; message?: string }>;
}

const VERSION = process.env.npm_package_version ?? '0.1.0';

/** Runs the dependency checks once and shapes them; readiness, health and the routes share it. */
export class HealthReporter {
  constructor(
    private readonly health: HealthCheckService,
    private readonly database: TypeOrmHealthIndicator,
    private readonly redisIndicator: RedisHealthIndicator,
    private readonly redis: RedisConnection,
    private readonly service: ServiceDescriptor,
  ) {}

  async report(): Promise<DependencyReport> {
    const checks: HealthIndicatorFunction[] = [() => this.database.pingCheck('database', { timeout: 1500 })];
    if (this.redis.client) checks.push(() => this.redisIndicator.isHealthy('redis'));
    let result: HealthCheckResult;
    try {
      result = await this.health.check(checks);
    } catch (error) {
      result = (error as { response?: HealthCheckResult }).response ?? { status: 'error', details: {} };
    }
    const dependencies: DependencyReport['dependencies'] = {};
    for (const [name, detail] of Object.entries(result.details ?? {})) {
      dependencies[name] = {
        status: detail.status === 'up' ? 'up' : 'down',
        ...(detail.status !== 'up' && detail.message ? { message: String(detail.message) } : {}),
      };
    }
    return {
      status: result.status === 'ok' ? 'ok' : 'error',
      service: this.service.name,
      version: VERSION,
      uptimeSeconds: Math.round(process.uptime()),
      dependencies,
    };
  }
}

export function createProbeController(): Type {
  @ApiTags('Health')
  @Public()
  @Controller('healthz')
  class ProbeController {
    constructor(
      private readonly reporter: HealthReporter,
      private readonly shutdown: ShutdownState,
    ) {}

    @Get('live')
    @ApiExcludeEndpoint()
    @SuccessMessage('serviceUp')
    live() {
      return { status: 'ok' };
    }

    @Get('ready')
    @ApiExcludeEndpoint()
    @SuccessMessage('serviceUp')
    async ready() {
      if (this.shutdown.draining) throw new PlatformException('UPSTREAM_UNAVAILABLE', { details: { draining: true } });
      const report = await this.reporter.report();
      if (report.status !== 'ok') throw new PlatformException('UPSTREAM_UNAVAILABLE', { details: { dependencies: report.dependencies } });
      return report;
    }
  }
  return ProbeController;
}

/** `GET <prefix>` (connectivity check) and `GET <prefix>/health` (dependency status). */
export function createServiceRootController(service: ServiceDescriptor): Type {
  const healthAccess = service.publicHealth ? Public() : Authenticated();

  @ApiTag('Service', 'The service’s connectivity check and dependency status.')
  @ApiExtraModels(DependencyStatusView)
  @Controller()
  class ServiceRootController {
    constructor(
      private readonly reporter: HealthReporter,
      private readonly env: Environment,
    ) {}

    @Get()
    @Public()
    @SuccessMessage('serviceUp')
    @ApiOperation({ summary: 'Check that the service answers' })
    @ApiEnvelope(200, ServiceRootView, 'The service answers.')
    root() {
      return {
        service: service.name,
        title: service.title,
        version: VERSION,
        apiVersion: 'v1',
        time: new Date().toISOString(),
        environment: this.env.NODE_ENV,
      };
    }

    @Get('health')
    @HttpCode(200)
    @healthAccess
    @SuccessMessage('serviceUp')
    @ApiOperation({ summary: 'Read the service’s and its dependencies’ status' })
    @ApiEnvelope(200, HealthReportView, 'Service and dependency status. 503 UPSTREAM_UNAVAILABLE (with `details.dependencies`) when a dependency is down.')
    async health() {
      const report = await this.reporter.report();
      if (report.status !== 'ok') throw new PlatformException('UPSTREAM_UNAVAILABLE', { details: { dependencies: report.dependencies } });
      return report;
    }
  }
  return ServiceRootController;
}
