import { Controller, DynamicModule, Get, Inject, Module, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../auth/auth.decorators';
import { constantTimeEquals } from '../auth/constant-time';
import { Environment } from '../config/environment';
import { PlatformException } from '../errors/platform.exception';
import { RawResponse } from '../http/response.decorators';
import { DurationHistogram } from '../library-internals/prom-client-histogram';
import type { ServiceName } from '../service';
import { METRICS_CONTENT_TYPE, scrapeServiceMetrics, serviceMetric } from './registries';

const DURATION_METRIC = 'http_request_duration_seconds';

/** The service's request durations, labelled by service too, so that series gathered across services stay apart. */
export function requestDurationHistogram(service: ServiceName): DurationHistogram {
  return serviceMetric(
    service,
    DURATION_METRIC,
    () =>
      new DurationHistogram(
        DURATION_METRIC,
        'HTTP request duration in seconds, by service, method, route template and status',
        ['service', 'method', 'route', 'status'],
        [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      ),
  );
}

@Module({})
class MetricsModule {}

/**
 * Prometheus text at `<prefix>/metrics`: the service's own series, and the process's where they
 * belong (registries.ts). Asks for a scrape bearer token when METRICS_TOKEN is set.
 */
export function metricsModule(service: ServiceName): DynamicModule {
  @ApiExcludeController()
  @Public()
  @SkipThrottle()
  @RawResponse()
  @Controller('metrics')
  class MetricsController {
    constructor(@Inject(Environment) private readonly env: Environment) {}

    @Get()
    async index(@Res({ passthrough: true }) response: FastifyReply, @Req() request: FastifyRequest): Promise<string> {
      const expected = this.env.METRICS_TOKEN;
      if (expected && !constantTimeEquals(request.headers.authorization ?? '', `Bearer ${expected}`)) {
        throw new PlatformException('HTTP_ERROR', { status: 401, headers: { 'www-authenticate': 'Bearer realm="metrics"' } });
      }
      void response.header('content-type', METRICS_CONTENT_TYPE);
      return scrapeServiceMetrics(service);
    }
  }

  requestDurationHistogram(service);
  return { module: MetricsModule, controllers: [MetricsController] };
}
