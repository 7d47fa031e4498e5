import { Counter } from 'prom-client';
import { requestDurationHistogram } from './metrics';
import { GAUGES_NAMED_AS_COUNTERS, scrapeServiceMetrics, serveProcessMetricsOnlyOn, serviceMetric, serviceMetricsRegistry } from './registries';

const sampleNames = (scrape: string) =>
  new Set(
    scrape
      .split('\n')
      .filter((line) => line && !line.startsWith('#'))
      .map((line) => line.split(/[{ ]/)[0]),
  );

describe('metrics registries', () => {
  beforeAll(() => {
    requestDurationHistogram('auth').series({ service: 'auth', method: 'GET', route: '/api/v1', status: '200' }).observe(0.002);
    requestDurationHistogram('hr').series({ service: 'hr', method: 'GET', route: '/api/v1/hr/employees', status: '200' }).observe(0.004);
    serviceMetric('hr', 'jobs_total', () => new Counter({ name: 'jobs_total', help: 'jobs', labelNames: ['task', 'outcome'], registers: [] })).inc({
      task: 'hr:relay',
      outcome: 'succeeded',
    });
  });

  it('keeps each service’s series in its own registry, one metric per name', async () => {
    expect(requestDurationHistogram('hr')).toBe(requestDurationHistogram('hr'));
    expect(requestDurationHistogram('hr')).not.toBe(requestDurationHistogram('auth'));
    expect(await serviceMetricsRegistry('hr').metrics()).toContain(
      'http_request_duration_seconds_count{service="hr",method="GET",route="/api/v1/hr/employees",status="200"} 1',
    );
    expect(await serviceMetricsRegistry('hr').metrics()).not.toContain('service="auth"');
    expect(await serviceMetricsRegistry('auth').metrics()).not.toContain('jobs_total');
  });

  it('serves the process’s metrics on every path while each app has its process, without the gauges named like counters', async () => {
    for (const service of ['auth', 'hr'] as const) {
      const scrape = await scrapeServiceMetrics(service);
      expect(sampleNames(scrape)).toContain('process_cpu_user_seconds_total');
      expect(sampleNames(scrape)).toContain('nodejs_version_info');
      expect(scrape).toContain('# TYPE nodejs_active_handles gauge');
      for (const name of GAUGES_NAMED_AS_COUNTERS) expect(scrape).not.toContain(name);
    }
    const hr = await scrapeServiceMetrics('hr');
    expect(hr).toContain('jobs_total{task="hr:relay",outcome="succeeded"} 1');
    expect(hr).not.toContain('service="auth"');
  });

  it('serves them on one service’s path only when the apps share the process', async () => {
    serveProcessMetricsOnlyOn('auth');
    const auth = sampleNames(await scrapeServiceMetrics('auth'));
    const hr = sampleNames(await scrapeServiceMetrics('hr'));
    expect(auth).toContain('process_cpu_user_seconds_total');
    expect([...hr].sort()).toEqual([
      'http_request_duration_seconds_bucket',
      'http_request_duration_seconds_count',
      'http_request_duration_seconds_sum',
      'jobs_total',
    ]);
    expect(await scrapeServiceMetrics('books')).toBe(await serviceMetricsRegistry('books').metrics());
  });
});
