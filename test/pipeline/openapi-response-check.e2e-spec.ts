import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { toJsonSchema } from '@platform/contracts';
import { call } from '@test/support/http';
import { compareWithContract, documentPathFor, OpenApiContract } from '@test/support/openapi-check';

/**
 * The response check every e2e call goes through (test/support/openapi-check.ts), on a small
 * hand-made document: it must catch a response its document does not describe.
 */
const document = {
  openapi: '3.0.0',
  info: { title: 'books', version: '1.0' },
  paths: {
    '/api/v1/books/accounts/{id}': {
      get: {
        responses: {
          200: { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/AccountEnvelope' } } } },
          404: { description: 'not found', content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } } },
        },
      },
    },
    '/api/v1/books/accounts/default-chart': {
      post: {
        responses: {
          200: {
            description: 'installed',
            content: {
              'application/json': { schema: { type: 'object', required: ['currency'], properties: { currency: { type: 'string', pattern: '^[A-Z]{3}$' } } } },
            },
          },
        },
      },
    },
    '/api/v1/books/files/{id}/content': {
      get: { responses: { 200: { description: 'the bytes', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } } } },
    },
  },
  components: {
    schemas: {
      Account: {
        type: 'object',
        required: ['id', 'code', 'closedAt', 'balance'],
        additionalProperties: false,
        properties: {
          id: { type: 'string', format: 'uuid' },
          code: { type: 'string', minLength: 1 },
          closedAt: { type: 'string', format: 'date-time', nullable: true },
          balance: { type: 'integer', minimum: 0, exclusiveMinimum: false },
          kind: { type: 'string', enum: ['asset', 'liability'], nullable: true },
        },
      },
      AccountEnvelope: {
        type: 'object',
        required: ['success', 'data'],
        properties: { success: { type: 'boolean', enum: [true] }, data: { $ref: '#/components/schemas/Account' } },
      },
      ErrorEnvelope: { type: 'object', required: ['success', 'code'], properties: { success: { type: 'boolean', enum: [false] }, code: { type: 'string' } } },
    },
  },
};

const json = (body: unknown, status = 200, contentType = 'application/json; charset=utf-8') => ({
  status,
  headers: new Headers({ 'content-type': contentType }),
  body,
  text: typeof body === 'string' ? body : JSON.stringify(body),
});
const account = { id: '0b5e7c1a-2f4d-4c6b-9a8e-1d2c3b4a5f60', code: '521', closedAt: null, balance: 0, kind: null };

describe('OpenAPI response check', () => {
  const contract = new OpenApiContract(JSON.parse(JSON.stringify(document)));

  it('finds the document of the service from the path, as the Ingress routes it', () => {
    expect(documentPathFor('/api/v1/books/accounts?page=2')).toBe('/api/v1/books/openapi.json');
    expect(documentPathFor('/api/v1/pay/wallets')).toBe('/api/v1/pay/openapi.json');
    expect(documentPathFor('/api/v1/payroll/runs')).toBe('/api/v1/payroll/openapi.json');
    expect(documentPathFor('/api/v1/app/files')).toBe('/api/v1/app/openapi.json');
    expect(documentPathFor('/api/v1/authorize/token')).toBe('/api/v1/openapi.json');
    expect(documentPathFor('/api/v1')).toBe('/api/v1/openapi.json');
    expect(documentPathFor('/healthz/ready')).toBeNull();
    expect(documentPathFor('/internal/v1/books/events')).toBeNull();
  });

  it('converts OpenAPI 3.0 nullable and boolean exclusive bounds to JSON Schema', () => {
    expect(toJsonSchema({ type: 'string', nullable: true, example: 'x' }, 'doc')).toEqual({ type: ['string', 'null'] });
    expect(toJsonSchema({ type: 'string', enum: ['a'], nullable: true }, 'doc')).toEqual({ type: ['string', 'null'], enum: ['a', null] });
    expect(toJsonSchema({ $ref: '#/components/schemas/A', nullable: true }, 'doc')).toEqual({ anyOf: [{ $ref: 'doc#/definitions/A' }, { type: 'null' }] });
    expect(toJsonSchema({ type: 'integer', minimum: 0, exclusiveMinimum: true }, 'doc')).toEqual({ type: 'integer', exclusiveMinimum: 0 });
    // a nullable nested class, as @nestjs/swagger writes it
    expect(toJsonSchema({ type: 'object', nullable: true, allOf: [{ $ref: '#/components/schemas/A' }] }, 'doc')).toEqual({
      anyOf: [{ type: 'object', allOf: [{ $ref: 'doc#/definitions/A' }] }, { type: 'null' }],
    });
  });

  it('accepts a response that is what the document says, literal paths before templates', () => {
    expect(
      compareWithContract(contract, 'GET', '/api/v1/books/accounts/0b5e7c1a-2f4d-4c6b-9a8e-1d2c3b4a5f60', json({ success: true, data: account })),
    ).toBeNull();
    expect(compareWithContract(contract, 'POST', '/api/v1/books/accounts/default-chart', json({ currency: 'XAF' }))).toBeNull();
    expect(compareWithContract(contract, 'GET', '/api/v1/books/accounts/x', json({ success: false, code: 'ACCOUNT_NOT_FOUND' }, 404))).toBeNull();
    // non-JSON bodies: the content type only
    expect(compareWithContract(contract, 'GET', '/api/v1/books/files/1/content', json('%PDF-1.7', 200, 'application/pdf'))).toBeNull();
  });

  it('names each way a body breaks its schema', () => {
    const wrong = { ...account, id: 'not-a-uuid', balance: 1.5, kind: 'equity', extra: true };
    const mismatch = compareWithContract(contract, 'GET', '/api/v1/books/accounts/1', json({ success: true, data: wrong }));
    expect(mismatch).toMatchObject({ method: 'GET', template: '/api/v1/books/accounts/{id}', status: 200 });
    expect(mismatch!.problems).toEqual(
      expect.arrayContaining([
        '/data must NOT have additional properties (extra)',
        '/data/id must match format "uuid"',
        '/data/balance must be integer',
        expect.stringMatching(/^\/data\/kind must be equal to one of the allowed values/),
      ]),
    );
    const missing = compareWithContract(contract, 'POST', '/api/v1/books/accounts/default-chart', json({ currency: 'xaf' }));
    expect(missing!.problems).toEqual(['/currency must match pattern "^[A-Z]{3}$"']);
  });

  it('refuses a status, a content type or an operation the document does not have', () => {
    expect(compareWithContract(contract, 'GET', '/api/v1/books/accounts/1', json({ success: false, code: 'VALIDATION_FAILED' }, 400))!.problems).toEqual([
      'status 400 is not documented (documented: 200, 404)',
    ]);
    expect(compareWithContract(contract, 'GET', '/api/v1/books/files/1/content', json('a,b', 200, 'text/csv'))!.problems).toEqual([
      'content type text/csv is not documented for status 200 (documented: application/pdf)',
    ]);
    expect(compareWithContract(contract, 'DELETE', '/api/v1/books/accounts/1', json({ success: true }))!.problems).toEqual([
      'DELETE is not documented for /api/v1/books/accounts/{id}',
    ]);
    expect(compareWithContract(contract, 'GET', '/api/v1/books/ledgers', json({ success: true }))!.problems).toEqual([
      'no documented operation matches this path',
    ]);
    // unknown routes and methods answered 404/405 are the router's, not an operation's
    expect(compareWithContract(contract, 'GET', '/api/v1/books/ledgers', json({ success: false, code: 'HTTP_ERROR' }, 404))).toBeNull();
    expect(compareWithContract(contract, 'PUT', '/api/v1/books/accounts/1', json({ success: false, code: 'HTTP_ERROR' }, 405))).toBeNull();
  });

  describe('in call(), against a service serving a document its responses break', () => {
    let server: Server;
    let baseUrl: string;
    let served: unknown;
    const saved = { mode: process.env.OPENAPI_RESPONSE_CHECK, report: process.env.OPENAPI_RESPONSE_REPORT };

    beforeAll(async () => {
      server = createServer((request, response) => {
        const body = request.url === '/api/v1/books/openapi.json' ? document : served;
        response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      process.env.OPENAPI_RESPONSE_CHECK = saved.mode;
      process.env.OPENAPI_RESPONSE_REPORT = saved.report;
      if (saved.mode === undefined) delete process.env.OPENAPI_RESPONSE_CHECK;
      if (saved.report === undefined) delete process.env.OPENAPI_RESPONSE_REPORT;
      await new Promise((resolve) => server.close(resolve));
    });

    it('fails the call, naming method, path, status and what is wrong', async () => {
      delete process.env.OPENAPI_RESPONSE_CHECK;
      served = { success: true, data: { ...account, code: '' } };
      await expect(call(baseUrl, 'GET', '/api/v1/books/accounts/1')).rejects.toThrow(
        'The response to GET /api/v1/books/accounts/1 (/api/v1/books/accounts/{id}) is not what its OpenAPI document says (status 200):\n  - /data/code must NOT have fewer than 1 characters',
      );
      served = { success: true, data: account };
      expect((await call(baseUrl, 'GET', '/api/v1/books/accounts/1')).status).toBe(200);
    });

    it('lets a call say why it is off the contract', async () => {
      served = { success: true, data: {} };
      expect((await call(baseUrl, 'GET', '/api/v1/books/accounts/1', { unchecked: 'the server here is a stub' })).status).toBe(200);
    });

    it('records mismatches as JSON lines instead in report mode', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'openapi-report-'));
      try {
        process.env.OPENAPI_RESPONSE_CHECK = 'report';
        process.env.OPENAPI_RESPONSE_REPORT = join(dir, 'mismatches.jsonl');
        served = { success: true, data: { ...account, balance: -1 } };
        expect((await call(baseUrl, 'GET', '/api/v1/books/accounts/1')).status).toBe(200);
        const lines = readFileSync(join(dir, 'mismatches.jsonl'), 'utf8')
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line));
        expect(lines).toEqual([
          expect.objectContaining({
            method: 'GET',
            path: '/api/v1/books/accounts/1',
            template: '/api/v1/books/accounts/{id}',
            status: 200,
            problems: ['/data/balance must be >= 0'],
          }),
        ]);
        expect(lines[0].test).toContain('records mismatches as JSON lines');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
});
