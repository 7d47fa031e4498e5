import { Global, Injectable, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { InjectMetric, makeCounterProvider } from '@willsoto/nestjs-prometheus';
import { Counter, register } from 'prom-client';
import { Environment } from '../config/environment';
import { metricsModule, serviceMetricProvider } from './metrics';
import { METRICS_CONTENT_TYPE, serviceMetricsRegistry } from './registries';

@Global()
@Module({ providers: [{ provide: Environment, useValue: new Environment() }], exports: [Environment] })
class EnvironmentModule {}

@Injectable()
class Importer {
  constructor(@InjectMetric('imports_total') readonly imports: Counter<'outcome'>) {}
}

@Module({
  imports: [EnvironmentModule, metricsModule('books')],
  providers: [serviceMetricProvider('books', makeCounterProvider, { name: 'imports_total', help: 'Imports, by outcome', labelNames: ['outcome'] }), Importer],
})
class BooksLikeModule {}

async function start(): Promise<{ app: NestFastifyApplication; url: string }> {
  const app = await NestFactory.create<NestFastifyApplication>(BooksLikeModule, new FastifyAdapter(), { logger: false });
  await app.listen(0, '127.0.0.1');
  return { app, url: await app.getUrl() };
}

describe('metrics module', () => {
  const apps: NestFastifyApplication[] = [];
  afterAll(() => Promise.all(apps.map((app) => app.close())));

  it('serves the service’s registry at /metrics, with its providers’ metrics, and leaves prom-client’s global registry empty', async () => {
    const { app, url } = await start();
    apps.push(app);
    app.get(Importer).imports.inc({ outcome: 'imported' });

    const scraped = await fetch(`${url}/metrics`);
    expect(scraped.status).toBe(200);
    expect(scraped.headers.get('content-type')).toBe(METRICS_CONTENT_TYPE);
    const text = await scraped.text();
    // the service's own series, then the process's (this test's process runs one app of each service)
    const own = await serviceMetricsRegistry('books').metrics();
    expect(text.slice(0, own.length)).toBe(own);
    expect(text).toContain('# HELP imports_total Imports, by outcome');
    expect(text).toContain('imports_total{outcome="imported"} 1');
    expect(text).toContain('# HELP http_request_duration_seconds ');
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(register.getMetricsAsArray()).toEqual([]);
  });

  it('gives a second app of the service the same metrics', async () => {
    const { app, url } = await start();
    apps.push(app);
    expect(app.get(Importer).imports).toBe(apps[0].get(Importer).imports);
    expect(serviceMetricsRegistry('books').getSingleMetric('imports_total')).toBe(app.get(Importer).imports);
    expect(await (await fetch(`${url}/metrics`)).text()).toContain('imports_total{outcome="imported"} 1');
    expect(register.getMetricsAsArray()).toEqual([]);
  });
});
