import { Controller, DynamicModule, Get, Inject, Req, Res, Type } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import { PrometheusController, PrometheusModule } from '@willsoto/nestjs-prometheus';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Metric, register } from 'prom-client';
import { Public } from '../auth/auth.decorators';
import { constantTimeEquals } from '../auth/constant-time';
import { Environment } from '../config/environment';
import { PlatformException } from '../errors/platform.exception';
import { RawResponse } from '../http/response.decorators';
import { DurationHistogram } from '../library-internals/prom-client-histogram';

const DURATION_METRIC = 'http_request_duration_seconds';
let defaultMetricsEnabled = false;

/** One histogram per process, labelled by service so the one-machine suite keeps series apart. */
export function requestDurationHistogram(): DurationHistogram {
  const existing = register.getSingleMetric(DURATION_METRIC);
  if (existing) return existing as unknown as DurationHistogram;
  const histogram = new DurationHistogram(
    DURATION_METRIC,
    'HTTP request duration in seconds, by service, method, route template and status',
    ['service', 'method', 'route', 'status'],
    [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  );
  register.registerMetric(histogram as unknown as Metric);
  return histogram;
}

/** Prometheus text at `<prefix>/metrics`; asks for a scrape bearer token when METRICS_TOKEN is set. */
export function metricsModule(): DynamicModule {
  @ApiExcludeController()
  @Public()
  @SkipThrottle()
  @RawResponse()
  @Controller()
  class MetricsController extends PrometheusController {
    constructor(@Inject(Environment) private readonly env: Environment) {
      super();
    }

    @Get()
    override async index(@Res({ passthrough: true }) response: FastifyReply, @Req() request?: FastifyRequest): Promise<string> {
      const expected = this.env.METRICS_TOKEN;
      if (expected && !constantTimeEquals(request?.headers.authorization ?? '', `Bearer ${expected}`)) {
        throw new PlatformException('HTTP_ERROR', { status: 401, headers: { 'www-authenticate': 'Bearer realm="metrics"' } });
      }
      return super.index(response);
    }
  }

  const enableDefaults = !defaultMetricsEnabled;
  defaultMetricsEnabled = true;
  requestDurationHistogram();
  return PrometheusModule.register({ path: 'metrics', controller: MetricsController as Type<PrometheusController>, defaultMetrics: { enabled: enableDefaults } });
}
