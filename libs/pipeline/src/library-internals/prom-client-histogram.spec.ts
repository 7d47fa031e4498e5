import { Histogram, type Metric, Registry, type RegistryContentType } from 'prom-client';
import { DurationHistogram } from './prom-client-histogram';

const NAME = 'http_request_duration_seconds';
const HELP = 'HTTP request duration in seconds, by service, method, route template and status';
const LABELS = ['service', 'method', 'route', 'status'] as const;
const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/** The same observations into prom-client's Histogram and into ours, each in a registry of its own. */
function both(observations: [Record<(typeof LABELS)[number], string>, number][], openMetrics = false) {
  const make = () => {
    const registry = new Registry<RegistryContentType>();
    if (openMetrics) registry.setContentType(Registry.OPENMETRICS_CONTENT_TYPE);
    return registry;
  };
  const reference = make();
  const theirs = new Histogram({ name: NAME, help: HELP, labelNames: LABELS, buckets: BUCKETS, registers: [] });
  reference.registerMetric(theirs);
  const registry = make();
  const ours = new DurationHistogram(NAME, HELP, LABELS, BUCKETS);
  registry.registerMetric(ours as unknown as Metric);
  for (const [labels, value] of observations) {
    theirs.observe(labels, value);
    ours.series(labels).observe(value);
  }
  return { reference, registry, ours };
}

const get = { service: 'hr', method: 'GET', route: '/api/v1/hr/employees', status: '200' };
const missing = { service: 'hr', method: 'GET', route: '/api/v1/hr/employees/:id', status: '404' };
const other = { service: 'utilities', method: 'PATCH', route: '/api/v1/app/notifications/preferences', status: '200' };
const observations: [typeof get, number][] = [
  [get, 0.0004],
  [get, 0.001],
  [get, 0.0011],
  [missing, 0.003],
  [get, 0.02],
  [other, 0.7],
  [get, 7.5],
  [missing, 0.00001],
  [other, 5],
  [get, 0],
];

describe('prom-client internals the histogram relies on', () => {
  it('scrapes a registered metric through getForPromString (values with shared labels), its JSON through get', async () => {
    expect(typeof (Histogram.prototype as unknown as { getForPromString?: unknown }).getForPromString).toBe('function');
    const { registry, ours } = both(observations);
    const forText = jest.spyOn(ours, 'getForPromString');
    const forJson = jest.spyOn(ours, 'get');
    await registry.metrics();
    expect(forText).toHaveBeenCalledTimes(1);
    expect(forJson).not.toHaveBeenCalled();
    await registry.getMetricsAsJSON();
    expect(forJson).toHaveBeenCalledTimes(1);
  });
});

describe('DurationHistogram', () => {
  it('scrapes as prom-client’s Histogram does for the same observations', async () => {
    const { reference, registry } = both(observations);
    expect(await registry.metrics()).toBe(await reference.metrics());
  });

  it('answers the same JSON as prom-client’s Histogram', async () => {
    const { reference, registry } = both(observations);
    expect(await registry.getMetricsAsJSON()).toEqual(await reference.getMetricsAsJSON());
  });

  it('scrapes as prom-client does in OpenMetrics too, and with nothing observed', async () => {
    const filled = both(observations, true);
    expect(await filled.registry.metrics()).toContain('# EOF');
    expect(await filled.registry.metrics()).toBe(await filled.reference.metrics());
    const empty = both([]);
    expect(await empty.registry.metrics()).toBe(await empty.reference.metrics());
  });

  it('hands out one series per label set, whatever the order of the labels given', () => {
    const { ours } = both([]);
    const series = ours.series(get);
    expect(ours.series({ status: '200', route: '/api/v1/hr/employees', method: 'GET', service: 'hr' })).toBe(series);
    expect(ours.series({ ...get, status: '201' })).not.toBe(series);
    expect(() => ours.series({ service: 'hr', method: 'GET', route: '/x' } as typeof get)).toThrow(/status/);
  });

  it('leaves out a value that is not a finite number', async () => {
    const { ours, registry } = both([[get, 0.002]]);
    ours.series(get).observe(Number.NaN);
    ours.series(get).observe(Number.POSITIVE_INFINITY);
    const scrape = await registry.metrics();
    expect(scrape).toContain(`${NAME}_count{service="hr",method="GET",route="/api/v1/hr/employees",status="200"} 1\n`);
    expect(scrape).toContain(`${NAME}_sum{service="hr",method="GET",route="/api/v1/hr/employees",status="200"} 0.002\n`);
  });

  it('forgets every series on reset', async () => {
    const { ours, registry } = both(observations);
    ours.reset();
    expect(await registry.metrics()).not.toContain(`${NAME}_count`);
  });
});
