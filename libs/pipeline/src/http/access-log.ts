/**
 * Feeds that every other service polls (each replica, every second): a successful answer is
 * logged at debug. At info they were most of auth's access log, one line per poll per replica,
 * and said nothing the metrics do not. A failed answer is logged at info like any other.
 */
const POLLED_ROUTES = new Set(['/internal/v1/revocations']);

/**
 * The level of a request's access-log line, from its route template and status: none for the
 * probes (`/healthz/*`, every few seconds from the kubelet), debug for a polled feed's successful
 * answers, info for everything else.
 */
export function accessLogLevel(route: string, url: string, statusCode: number): 'info' | 'debug' | null {
  if (url.startsWith('/healthz')) return null;
  if (statusCode < 400 && POLLED_ROUTES.has(route)) return 'debug';
  return 'info';
}

/** The URL a route's access-log line gives: the path alone for a route whose query string is a credential. */
export function loggedUrl(url: string, secretQuery: boolean): string {
  if (!secretQuery) return url;
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/** What a request's access-log line says, besides its route. */
export interface AccessLogEntry {
  reqId: string;
  method: string;
  url: string;
  statusCode: number;
  responseTimeMs: number;
}
