import { hostname } from 'node:os';
import pino from 'pino';
import { platformLoggerOptions } from '../logging/platform-logger';
import { accessLogWriter } from './pino-access-line';

function capture(level: string) {
  const lines: string[] = [];
  const logger = pino(platformLoggerOptions(level, 'hr'), { write: (line: string) => void lines.push(line) });
  return { logger, lines };
}
const withoutTime = (line: string) => line.replace(/"time":\d+/, '"time":0');

describe('pino internals the access line relies on', () => {
  it('exposes the destination, the time function and the serialized bindings under pino.symbols', () => {
    const destination = { write: () => undefined };
    const logger = pino(platformLoggerOptions('info', 'hr'), destination) as unknown as Record<symbol, unknown>;
    expect(logger[pino.symbols.streamSym]).toBe(destination);
    expect(typeof logger[pino.symbols.timeSym]).toBe('function');
    expect((logger[pino.symbols.timeSym] as () => string)()).toMatch(/^,"time":\d+$/);
    // the logger's base (pid and hostname replaced by the service's name), serialized once
    expect(logger[pino.symbols.chindingsSym]).toBe(',"service":"hr"');
    expect((pino({}, destination) as unknown as Record<symbol, unknown>)[pino.symbols.chindingsSym]).toBe(
      `,"pid":${process.pid},"hostname":${JSON.stringify(hostname())}`,
    );
    expect(typeof pino.symbols.needsMetadataGsym).toBe('symbol');
  });

  it('sets lastLevel on a destination that asks for metadata before each write, as the access line does', () => {
    const seen: number[] = [];
    const destination = {
      [pino.symbols.needsMetadataGsym]: true,
      lastLevel: 0,
      write(this: { lastLevel: number }) {
        seen.push(this.lastLevel);
      },
    };
    const logger = pino({ level: 'debug' }, destination);
    logger.warn('w');
    logger.info('i');
    accessLogWriter(logger, '/x')('debug', { reqId: 'r', method: 'GET', url: '/x', statusCode: 200, responseTimeMs: 1 });
    expect(seen).toEqual([40, 30, 20]);
  });
});

describe('accessLogWriter', () => {
  it('writes the line pino writes for the same fields, key for key and byte for byte', () => {
    const { logger, lines } = capture('info');
    const route = '/api/v1/hr/employees/:id';
    const entries = [
      { reqId: '5b0e5b3c-8f44-4bb4-9a8e-2f9a2d3c1b7a', method: 'GET', url: '/api/v1/hr/employees/42?q=%22x%22', statusCode: 200, responseTimeMs: 1.7 },
      { reqId: 'client-chosen.id_1', method: 'PATCH', url: '/api/v1/hr/employees/"quoted"\\back?name=Ã©lodie', statusCode: 404, responseTimeMs: 12 },
      { reqId: 'x', method: 'DELETE', url: '/' + 'a'.repeat(150), statusCode: 503, responseTimeMs: 0 },
    ];
    const write = accessLogWriter(logger, route);
    for (const entry of entries) {
      logger.info(
        { reqId: entry.reqId, method: entry.method, url: entry.url, route, statusCode: entry.statusCode, responseTimeMs: entry.responseTimeMs },
        'request completed',
      );
      write('info', entry);
    }
    expect(lines).toHaveLength(6);
    for (let i = 0; i < lines.length; i += 2) {
      expect(withoutTime(lines[i + 1])).toBe(withoutTime(lines[i]));
      expect(JSON.parse(lines[i + 1])).toMatchObject({ level: 30, service: 'hr', route, msg: 'request completed' });
    }
  });

  it('writes at the level asked, and nothing below the logger’s level', () => {
    const atInfo = capture('info');
    accessLogWriter(atInfo.logger, '/internal/v1/revocations')('debug', {
      reqId: 'r',
      method: 'GET',
      url: '/internal/v1/revocations',
      statusCode: 200,
      responseTimeMs: 0.4,
    });
    expect(atInfo.lines).toEqual([]);

    const atDebug = capture('debug');
    accessLogWriter(atDebug.logger, '/internal/v1/revocations')('debug', {
      reqId: 'r',
      method: 'GET',
      url: '/internal/v1/revocations',
      statusCode: 200,
      responseTimeMs: 0.4,
    });
    expect(JSON.parse(atDebug.lines[0])).toMatchObject({ level: 20, reqId: 'r', statusCode: 200 });
  });
});
