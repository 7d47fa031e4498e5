import type { ServiceName } from './service';

/** The Ingress routing (DESIGN §1), used by the one-machine suite exactly as Kubernetes uses it. */
const PREFIXES: [string, ServiceName][] = [
  ['/api/v1/hr', 'hr'],
  // service-to-service routes, never exposed by the Ingress; one machine routes them the same way
  ['/internal/v1/hr', 'hr'],
  ['/api/v1/app', 'utilities'],
  ['/api/v1/payroll', 'payroll'],
  ['/api/v1/pay', 'pay'],
  ['/api/v1/books', 'books'],
];

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
