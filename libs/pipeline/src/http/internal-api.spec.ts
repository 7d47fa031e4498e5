import { Logger } from '@nestjs/common';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Environment } from '../config/environment';
import type { InternalRoute } from '@platform/contracts/internal/internal-route';
import { PlatformException } from '../errors/platform.exception';
import { InternalApi } from './internal-api';

const TOKEN = 'internal-token-for-the-client-test-0123456789';

interface Probe {
  params: { id: string };
  query: { companyId: string; ids?: string[]; from?: string | null };
  body?: { amount: number };
  headers?: { 'idempotency-key': string };
  response: Record<string, unknown>;
  refusals: 'PAYROLL_RUN_NOT_FOUND';
}

/** A route of the fake service below, which answers as the route's name says. */
const route = (name: string, method: 'GET' | 'POST' = 'GET'): InternalRoute<Probe> => ({ method, path: `/internal/v1/test/${name}/:id` });

type Answer = (request: IncomingMessage, body: string, response: ServerResponse) => void;

const json =
  (status: number, value: unknown): Answer =>
  (_request, _body, response) =>
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
const envelope = (status: number, code: string) =>
  json(status, { success: false, message: 'refused', code, statusCode: status, timestamp: new Date().toISOString() });

const ANSWERS: Record<string, Answer> = {
  echo: (request, body, response) =>
    json(200, {
      method: request.method,
      url: request.url,
      token: request.headers['x-internal-token'],
      key: request.headers['idempotency-key'],
      body: body ? JSON.parse(body) : null,
    })(request, body, response),
  refused: envelope(404, 'PAYROLL_RUN_NOT_FOUND'),
  invalid: envelope(400, 'VALIDATION_FAILED'),
  'no-route': envelope(404, 'HTTP_ERROR'),
  'server-error': envelope(500, 'INTERNAL_ERROR'),
  'not-ready': envelope(503, 'UPSTREAM_UNAVAILABLE'),
  'html-ok': (_request, _body, response) => response.writeHead(200, { 'content-type': 'text/html' }).end('<html>proxy page</html>'),
  'html-refusal': (_request, _body, response) => response.writeHead(404, { 'content-type': 'text/html' }).end('<html>Not Found</html>'),
  'json-without-code': json(400, { error: 'bad' }),
  'cut-short': (_request, _body, response) => {
    response.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' }).write('{"partial":');
    response.destroy();
  },
  silent: () => undefined,
};

describe('InternalApi', () => {
  let server: Server;
  let baseUrl: string;
  let api: InternalApi;
  let warnings: string[];

  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => ANSWERS[request.url!.split('/')[4]](request, body, response));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  // a client per test: its failure log writes the first failure of a service at once, then one line per 30 s
  beforeEach(() => {
    api = new InternalApi({ INTERNAL_TOKEN: TOKEN, DATA_DIR: '/nonexistent' } as Environment);
    warnings = [];
    jest.spyOn(Logger.prototype, 'warn').mockImplementation((message: unknown) => void warnings.push(String(message)));
  });

  afterEach(() => {
    api.onApplicationShutdown();
    jest.restoreAllMocks();
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const request = { params: { id: 'run 1/2' }, query: { companyId: 'c-1' } };

  it('sends the internal token, the path params, the query (lists comma-separated) and the body, and gives an ok answer its parsed JSON', async () => {
    const result = await api.call(baseUrl, route('echo'), { params: { id: 'run 1/2' }, query: { companyId: 'c-1', ids: ['a', 'b'] } });
    expect(result).toEqual({
      kind: 'ok',
      status: 200,
      value: { method: 'GET', url: '/internal/v1/test/echo/run%201%2F2?companyId=c-1&ids=a%2Cb', token: TOKEN, body: null },
    });

    // null and an empty list are left out, as absent values are
    const posted = await api.call(baseUrl, route('echo', 'POST'), {
      ...request,
      query: { companyId: 'c-1', ids: [], from: null },
      body: { amount: 5 },
      headers: { 'idempotency-key': 'k-1' },
    });
    expect(posted).toMatchObject({
      kind: 'ok',
      value: { method: 'POST', url: '/internal/v1/test/echo/run%201%2F2?companyId=c-1', key: 'k-1', body: { amount: 5 } },
    });
    expect(warnings).toEqual([]);
  });

  it('classifies a 4xx with the error envelope as a refusal, with its code and body', async () => {
    expect(await api.call(baseUrl, route('refused'), request)).toMatchObject({
      kind: 'refused',
      status: 404,
      code: 'PAYROLL_RUN_NOT_FOUND',
      body: { code: 'PAYROLL_RUN_NOT_FOUND', message: 'refused' },
    });
    expect(await api.call(baseUrl, route('invalid'), request)).toMatchObject({ kind: 'refused', status: 400, code: 'VALIDATION_FAILED' });
    expect(warnings).toEqual([]);
  });

  it.each([
    ['a 5xx', 'server-error', 'answered 500 INTERNAL_ERROR'],
    ['a 503', 'not-ready', 'answered 503 UPSTREAM_UNAVAILABLE'],
    ['a 404 HTTP_ERROR (no such route: wrong address or internal token)', 'no-route', 'answered 404 HTTP_ERROR'],
    ['a 2xx that is not JSON', 'html-ok', 'answered 200 without JSON'],
    ['a 4xx that is not JSON', 'html-refusal', 'answered 404 without an error code'],
    ['a 4xx without an error code', 'json-without-code', 'answered 400 without an error code'],
  ])('classifies %s as unavailable, and logs it', async (_what, name, reason) => {
    expect(await api.call(baseUrl, route(name), request)).toEqual({ kind: 'unavailable', reason });
    expect(warnings).toEqual([`GET /internal/v1/test/${name}/:id ${reason}`]);
  });

  it('classifies an answer cut short as unavailable', async () => {
    expect(await api.call(baseUrl, route('cut-short'), request)).toEqual({ kind: 'unavailable', reason: expect.stringMatching(/^unreachable: /) });
  });

  it('classifies a refused connection as unavailable', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const result = await api.call(`http://127.0.0.1:${port}`, route('echo'), request);
    expect(result).toEqual({ kind: 'unavailable', reason: expect.stringContaining('unreachable: connect ECONNREFUSED') });
  });

  it('gives up on a service that does not answer within the timeout', async () => {
    const startedAt = Date.now();
    expect(await api.call(baseUrl, route('silent'), { ...request, timeoutMs: 200 })).toEqual({
      kind: 'unavailable',
      reason: 'unreachable: no answer within 200 ms',
    });
    expect(Date.now() - startedAt).toBeLessThan(2000);
  });

  describe('expectOk', () => {
    const failure = (promise: Promise<unknown>) =>
      promise.then(
        () => undefined,
        (error: unknown) => (error instanceof PlatformException ? error.code : error),
      );

    it('gives the value of an ok answer', async () => {
      expect(await api.expectOk(baseUrl, route('echo'), request)).toMatchObject({ method: 'GET' });
    });

    it('passes on the refusals asked for as they are, and answers 503 for every other outcome', async () => {
      expect(await failure(api.expectOk(baseUrl, route('refused'), request, ['PAYROLL_RUN_NOT_FOUND']))).toBe('PAYROLL_RUN_NOT_FOUND');
      expect(await failure(api.expectOk(baseUrl, route('refused'), request))).toBe('UPSTREAM_UNAVAILABLE');
      expect(await failure(api.expectOk(baseUrl, route('server-error'), request, ['PAYROLL_RUN_NOT_FOUND']))).toBe('UPSTREAM_UNAVAILABLE');
      expect(await failure(api.expectOk(baseUrl, route('silent'), { ...request, timeoutMs: 100 }))).toBe('UPSTREAM_UNAVAILABLE');
    });

    it('logs a refusal nobody expects as a failure of that service', async () => {
      await failure(api.expectOk(baseUrl, route('invalid'), request));
      expect(warnings).toEqual(['GET /internal/v1/test/invalid/:id answered 400 VALIDATION_FAILED']);
    });
  });
});
