import pino, { DestinationStream, Logger } from 'pino';

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

/**
 * The access-log line of one route's requests, as `logger[level]({ reqId, method, url, route,
 * statusCode, responseTimeMs }, 'request completed')` writes it (a unit test holds the two equal),
 * built as one template string and written to the logger's destination. pino's generic path
 * walks and escapes the object's keys and values on every call (about half the log line's cost);
 * here the route is escaped once, and the prefix (level, time, the logger's bindings) comes from
 * the logger itself through `pino.symbols`, pino's interface for such integrations. Nothing the
 * platform's logger configures (bindings, redaction of request headers) applies to these fields
 * otherwise.
 */
export function accessLogWriter(logger: Logger, route: string): (level: 'info' | 'debug', entry: AccessLogEntry) => void {
  const state = logger as unknown as Record<symbol, unknown>;
  const stream = state[pino.symbols.streamSym] as DestinationStream & { lastLevel?: number };
  const time = state[pino.symbols.timeSym] as () => string;
  const bindings = state[pino.symbols.chindingsSym] as string;
  const withMetadata = (stream as unknown as Record<symbol, unknown>)[pino.symbols.needsMetadataGsym] === true;
  const routeJson = JSON.stringify(route);
  return (level, entry) => {
    if (!logger.isLevelEnabled(level)) return;
    const value = logger.levels.values[level];
    if (withMetadata) stream.lastLevel = value;
    stream.write(
      `{"level":${value}${time()}${bindings},"reqId":${JSON.stringify(entry.reqId)},"method":${JSON.stringify(entry.method)},"url":${JSON.stringify(entry.url)},` +
        `"route":${routeJson},"statusCode":${entry.statusCode},"responseTimeMs":${entry.responseTimeMs},"msg":"request completed"}\n`,
    );
  };
}
