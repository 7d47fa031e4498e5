import pino, { DestinationStream, Logger } from 'pino';
import type { AccessLogEntry } from '../http/access-log';

/**
 * The access-log line of one route's requests, as `logger[level]({ reqId, method, url, route,
 * statusCode, responseTimeMs }, 'request completed')` writes it (the contract test holds the two
 * equal), built as one template string and written to the logger's destination. pino's generic
 * path walks and escapes the object's keys and values on every call (about half the log line's
 * cost); here the route is escaped once, and the prefix (level, time, the logger's bindings) comes
 * from the logger itself through `pino.symbols` (pino 9): its destination (`streamSym`), its time
 * function (`timeSym`), its bindings already serialized (`chindingsSym`), and whether the
 * destination wants the line's level set on it first (`needsMetadataGsym`, as pino's own write
 * does for `BufferedLogDestination`). Nothing the platform's logger configures (bindings,
 * redaction of request headers) applies to these fields otherwise.
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
