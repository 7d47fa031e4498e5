import { Controller, DynamicModule, FactoryProvider, Get, Headers, Inject, Provider, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import { PrometheusController, PrometheusModule } from '@willsoto/nestjs-prometheus';
import type { FastifyReply } from 'fastify';
import type { Metric } from 'prom-client';
import { Public } from '../auth/auth.decorators';
import { constantTimeEquals } from '../auth/constant-time';
import { Environment } from '../config/environment';
import { PlatformException } from '../errors/platform.exception';
import { RawResponse } from '../http/response.decorators';
import { DurationHistogram } from '../library-internals/prom-client-histogram';
import type { ServiceName } from '@platform/contracts/service';
import { METRICS_CONTENT_TYPE, scrapeServiceMetrics, serviceMetric } from './registries';

const DURATION_METRIC = 'http_request_duration_seconds';

/**
 * The service's request durations, labelled by service too, so that series gathered across
 * services stay apart. Not a provider of the library: its `makeHistogramProvider` makes
 * prom-client's Histogram, which this one replaces for speed (library-internals), and the hooks
 * that observe it are Fastify's, set up in bootstrap outside Nest's injection.
 */
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

/**
 * A metric provider of @willsoto/nestjs-prometheus (`makeCounterProvider`, `makeGaugeProvider`,
 * ...; injected with `@InjectMetric(name)`) whose metric is the service's, in the service's
 * registry rather than prom-client's global one:
 * `serviceMetricProvider('utilities', makeCounterProvider, { name, help, labelNames })`. Made once
 * per service and process, so a second app of the service in the process (tests start one again)
 * gets the same metric.
 */
export function serviceMetricProvider<C extends { name: string }>(service: ServiceName, make: (config: C) => Provider, config: NoInfer<C>): FactoryProvider {
  // the library makes it in no registry; serviceMetric puts it in the service's, or hands back the one there
  const provider = make({ ...config, registers: [] }) as FactoryProvider<Metric>;
  return { ...provider, useFactory: (...deps: unknown[]) => serviceMetric(service, config.name, () => provider.useFactory(...deps)) };
}

/**
 * Prometheus text at `<prefix>/metrics`: @willsoto/nestjs-prometheus's module with a controller of
 * the service, the library's hook for a custom one. The library's own controller serves
 * prom-client's global registry; this one serves the service's series and the process's where
 * they belong (registries.ts), and asks for a scrape bearer token when METRICS_TOKEN is set. The
 * library's default metrics stay off: it would collect them in the global registry, once per app
 * (six times in the one-machine suite); registries.ts collects them once per process.
 */
export function metricsModule(service: ServiceName): DynamicModule {
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
    override async index(@Res({ passthrough: true }) response: FastifyReply, @Headers('authorization') authorization?: string): Promise<string> {
      const expected = this.env.METRICS_TOKEN;
      if (expected && !constantTimeEquals(authorization ?? '', `Bearer ${expected}`)) {
        throw new PlatformException('HTTP_ERROR', { status: 401, headers: { 'www-authenticate': 'Bearer realm="metrics"' } });
      }
      void response.header('content-type', METRICS_CONTENT_TYPE);
      return scrapeServiceMetrics(service);
    }
  }

  requestDurationHistogram(service);
  return PrometheusModule.register({ path: 'metrics', controller: MetricsController, defaultMetrics: { enabled: false } });
}
