import { collectDefaultMetrics, type Metric, Registry } from 'prom-client';
import type { ServiceName } from '@platform/contracts/service';

/**
 * Where each series lives. A service's own series (its request durations, its jobs) are in a
 * registry of the service; the process's (`process_*`, `nodejs_*`) in one registry of the
 * process. A service's metrics path serves its registry, and the process's once per process:
 * on every path when each app runs alone (one app, one process, one target), on one path only
 * when several apps share the process (the one-machine suite: auth's, `/api/v1/metrics`), so that
 * no two scrape targets carry the same process series.
 */
const serviceRegistries = new Map<ServiceName, Registry>();
let processRegistry: Registry | undefined;
let processMetricsOwner: ServiceName | undefined;

/**
 * prom-client's default metrics include three gauges named like counters (`_total`), which
 * `promtool check metrics` refuses: each only sums its by-type gauge (`nodejs_active_handles`
 * and so on), so they are left out of the registry and the sum is asked of PromQL instead
 * (`sum without (type) (nodejs_active_handles)`), as prom-client's maintainers suggest.
 */
export const GAUGES_NAMED_AS_COUNTERS = ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total'] as const;

/** The service's registry, created on first use (one per service name and process). */
export function serviceMetricsRegistry(service: ServiceName): Registry {
  let registry = serviceRegistries.get(service);
  if (!registry) serviceRegistries.set(service, (registry = new Registry()));
  return registry;
}

/** The metric of that name in the service's registry, registered by `create` on first use. */
export function serviceMetric<T>(service: ServiceName, name: string, create: () => T): T {
  const registry = serviceMetricsRegistry(service);
  const existing = registry.getSingleMetric(name);
  if (existing) return existing as unknown as T;
  const metric = create();
  registry.registerMetric(metric as unknown as Metric);
  return metric;
}

/** The process's default metrics, collected once per process whatever the number of apps. */
export function processMetricsRegistry(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
    for (const name of GAUGES_NAMED_AS_COUNTERS) processRegistry.removeSingleMetric(name);
  }
  return processRegistry;
}

/**
 * Several apps in this process (the one-machine suite): the process's metrics are served on this
 * service's path only. Unset, every service's path serves them (each app in its own process).
 */
export function serveProcessMetricsOnlyOn(service: ServiceName): void {
  processMetricsOwner = service;
}

/** The Prometheus text of a service's metrics path: its own series, then the process's where they belong. */
export async function scrapeServiceMetrics(service: ServiceName): Promise<string> {
  const own = await serviceMetricsRegistry(service).metrics();
  if (processMetricsOwner !== undefined && processMetricsOwner !== service) return own;
  return own + (await processMetricsRegistry().metrics());
}

export const METRICS_CONTENT_TYPE = Registry.PROMETHEUS_CONTENT_TYPE;
