import pino from 'pino';
import { platformLoggerOptions } from '../logging/platform-logger';
import { accessLogLevel, accessLogWriter, loggedUrl } from './access-log';

describe('accessLogLevel', () => {
  it('logs requests at info, the revocation feed’s successful polls at debug and the probes not at all', () => {
    expect(accessLogLevel('/api/v1/hr/employees', '/api/v1/hr/employees?limit=20', 200)).toBe('info');
    expect(accessLogLevel('/api/v1/hr/employees', '/api/v1/hr/employees', 500)).toBe('info');
    expect(accessLogLevel('/internal/v1/revocations', '/internal/v1/revocations', 200)).toBe('debug');
    expect(accessLogLevel('/internal/v1/revocations', '/internal/v1/revocations', 401)).toBe('info');
    expect(accessLogLevel('/internal/v1/tenancy/access', '/internal/v1/tenancy/access?companyId=x', 200)).toBe('info');
    expect(accessLogLevel('/healthz/ready', '/healthz/ready', 503)).toBeNull();
    expect(accessLogLevel('unmatched', '/healthz/nope', 404)).toBeNull();
  });
});

describe('accessLogWriter', () => {
  function capture(level: string) {
    const lines: string[] = [];
    const logger = pino(platformLoggerOptions(level, 'hr'), { write: (line: string) => void lines.push(line) });
    return { logger, lines };
  }
  const withoutTime = (line: string) => line.replace(/"time":\d+/, '"time":0');

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
      logger.info({ reqId: entry.reqId, method: entry.method, url: entry.url, route, statusCode: entry.statusCode, responseTimeMs: entry.responseTimeMs }, 'request completed');
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
    accessLogWriter(atInfo.logger, '/internal/v1/revocations')('debug', { reqId: 'r', method: 'GET', url: '/internal/v1/revocations', statusCode: 200, responseTimeMs: 0.4 });
    expect(atInfo.lines).toEqual([]);

    const atDebug = capture('debug');
    accessLogWriter(atDebug.logger, '/internal/v1/revocations')('debug', { reqId: 'r', method: 'GET', url: '/internal/v1/revocations', statusCode: 200, responseTimeMs: 0.4 });
    expect(JSON.parse(atDebug.lines[0])).toMatchObject({ level: 20, reqId: 'r', statusCode: 200 });
  });
});

describe('loggedUrl', () => {
  it('keeps the URL, or only its path for a route whose query string is a credential', () => {
    const link = '/api/v1/app/files/3f2b8c1e-4d5a-4f6b-9c7d-8e9f0a1b2c3d/download?v=1&expires=1790000000&signature=abc';
    expect(loggedUrl(link, false)).toBe(link);
    expect(loggedUrl(link, true)).toBe('/api/v1/app/files/3f2b8c1e-4d5a-4f6b-9c7d-8e9f0a1b2c3d/download');
    expect(loggedUrl('/api/v1/app/files/x/download', true)).toBe('/api/v1/app/files/x/download');
  });
});
