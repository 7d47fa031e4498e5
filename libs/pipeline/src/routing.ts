import type { ServiceName } from '@platform/contracts/service';

/** Path segment after `/api/v1` (and after `/internal/v1` for service-to-service routes) → service. */
const SEGMENTS: [string, ServiceName][] = [
  ['hr', 'hr'],
  ['app', 'utilities'],
  ['payroll', 'payroll'],
  ['pay', 'pay'],
  ['books', 'books'],
];
const PREFIXES: [string, ServiceName][] = SEGMENTS.flatMap(([segment, service]) => [
  [`/api/v1/${segment}`, service],
  // never exposed by the Ingress; the one-machine suite routes them the same way
  [`/internal/v1/${segment}`, service],
]);

/** The Ingress routing (docs/architecture.md, Paths), used by the one-machine suite exactly as Kubernetes uses it. */
export function serviceForPath(url: string): ServiceName {
  for (const [prefix, service] of PREFIXES) {
    if (url.startsWith(prefix)) {
      const next = url.charCodeAt(prefix.length);
      // end of path, '/', '?' or '#': whole path segments only, so /api/v1/pay never takes /api/v1/payroll
      if (Number.isNaN(next) || next === 47 || next === 63 || next === 35) return service;
    }
  }
  return 'auth';
}
