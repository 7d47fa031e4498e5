import type { OpenAPIObject } from '@nestjs/swagger';
import { applyDocumentConventions, DocumentConventions, OperationFacts } from './conventions';

const envelope = { $ref: '#/components/schemas/ErrorEnvelope' };

function documentWith(paths: OpenAPIObject['paths']): OpenAPIObject {
  return { openapi: '3.0.0', info: { title: 'books', version: '1.0' }, paths };
}

function conventions(facts: Record<string, OperationFacts>): DocumentConventions {
  return {
    facts: new Map(Object.entries(facts)),
    tagDescriptions: new Map([['Accounts', 'The chart of accounts.']]),
    servers: [{ url: '/', description: 'here' }],
    license: { name: 'Proprietary', url: '/api/v1/docs' },
    contact: { name: 'Support' },
  };
}

describe('applyDocumentConventions', () => {
  const authenticated: OperationFacts = {
    isPublic: false,
    scopes: ['books:write'],
    declared: new Map([
      [404, ['ACCOUNT_NOT_FOUND']],
      [409, ['ACCOUNT_TYPE_LOCKED']],
    ]),
  };

  function built() {
    return applyDocumentConventions(
      documentWith({
        '/api/v1/books': { get: { operationId: 'Root_root', responses: { 200: { description: 'up' } } } },
        '/api/v1/books/accounts/{id}': {
          patch: {
            operationId: 'Accounts_update',
            tags: ['Accounts'],
            parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
            requestBody: { content: { 'application/json': { schema: { type: 'object' } } } },
            responses: {
              200: { description: 'changed' },
              404: { description: '`ACCOUNT_NOT_FOUND`: Account not found.', content: { 'application/json': { schema: envelope } } },
              409: { description: 'by hand' },
            },
          },
        },
        '/api/v1/books/wallets/{id}/credits': {
          post: {
            operationId: 'Wallets_credit',
            parameters: [
              { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
              { name: 'Idempotency-Key', in: 'header', required: true, schema: { type: 'string' } },
              { name: 'accept-language', in: 'header', required: true, schema: { type: 'string' } },
            ],
            responses: { 201: { description: 'credited' } },
          },
        },
      }),
      conventions({
        Root_root: { isPublic: true, scopes: [], declared: new Map() },
        Accounts_update: authenticated,
        Wallets_credit: { isPublic: false, scopes: [], declared: new Map() },
      }),
    );
  }

  it('names the three schemes in one requirement on authenticated routes, none on public ones', () => {
    const document = built();
    expect(document.security).toEqual([{ bearer: [], apiKey: [], clientId: [] }]);
    expect(document.paths['/api/v1/books/accounts/{id}'].patch!.security).toEqual([{ bearer: [], apiKey: [], clientId: [] }]);
    expect(document.paths['/api/v1/books'].get!.security).toEqual([]);
  });

  it('adds the pipeline’s error responses by kind of route, merged with the declared codes', () => {
    const update = built().paths['/api/v1/books/accounts/{id}'].patch!;
    expect(Object.keys(update.responses).sort()).toEqual(['200', '400', '401', '403', '404', '409', '413', '414', '415', '429', '431', '500', '503']);
    const response = (status: number) => update.responses[String(status)] as { description: string; content: unknown; headers?: Record<string, unknown> };
    for (const status of [400, 401, 403, 404, 409, 413, 415, 429, 431, 500, 503])
      expect(response(status).content).toEqual({ 'application/json': { schema: envelope } });
    expect(response(400).description).toBe('`VALIDATION_FAILED`: The request is invalid.');
    expect(response(401).description).toMatch(
      /^`AUTH_TOKEN_MISSING`: .*\n\n`AUTH_TOKEN_INVALID`: .*\n\n`AUTH_TOKEN_EXPIRED`: .*\n\n`DEVELOPER_KEYS_INVALID`: .*\n\n`CLIENT_ID_INVALID`: /s,
    );
    expect(response(403).description).toMatch(/^`INSUFFICIENT_SCOPE`: .*\n\n`ACTING_COMPANY_FORBIDDEN`: /s);
    // declared: its own codes, no generic 404
    expect(response(404).description).toBe('`ACCOUNT_NOT_FOUND`: Account not found.');
    expect(response(409).description).toBe('`ACCOUNT_TYPE_LOCKED`: The type of an account that has entries cannot change.');
    expect(response(429).description).toMatch(/^`RATE_LIMIT_EXCEEDED`: .*\n\n`QUOTA_EXCEEDED`: /s);
    expect(response(503).description).toMatch(/^`UPSTREAM_UNAVAILABLE`: /);
    expect(response(500).description).toMatch(/^`INTERNAL_ERROR`: /);
    expect(response(415).description).toMatch(/^`UNSUPPORTED_MEDIA_TYPE`: /);
    expect(Object.keys(response(401).headers!)).toEqual(['WWW-Authenticate']);
    expect(Object.keys(response(429).headers!)).toEqual(['Retry-After', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'RateLimit-Policy']);
    expect(Object.keys(response(503).headers!)).toEqual(['Retry-After']);
    expect(Object.keys(response(200).headers!)).toContain('RateLimit-Remaining');
  });

  it('documents the plan’s limits on an organization’s pages for its people (the burst alone), none on a person’s own account', () => {
    const document = applyDocumentConventions(
      documentWith({
        '/api/v1/account/me': { get: { operationId: 'Account_me', responses: { 200: { description: 'me' } } } },
        '/api/v1/account/organizations/{id}/keys': {
          get: {
            operationId: 'Organizations_keys',
            parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
            responses: { 200: { description: 'keys' } },
          },
        },
      }),
      conventions({
        Account_me: { isPublic: false, scopes: [], declared: new Map(), sessions: 'only' },
        Organizations_keys: { isPublic: false, scopes: [], declared: new Map(), sessions: 'only', organizationPages: true },
      }),
    );
    const me = document.paths['/api/v1/account/me'].get!;
    expect(me.responses['429']).toBeUndefined();
    expect((me.responses['200'] as { headers?: unknown }).headers).toBeUndefined();
    const keys = document.paths['/api/v1/account/organizations/{id}/keys'].get!;
    expect((keys.responses['429'] as { description: string }).description).toMatch(/^`RATE_LIMIT_EXCEEDED`: [^`]*$/);
    expect(Object.keys((keys.responses['200'] as { headers: object }).headers)).toContain('RateLimit-Policy');
  });

  it('gives a public route without input only what any request may meet', () => {
    const root = built().paths['/api/v1/books'].get!;
    expect(Object.keys(root.responses).sort()).toEqual(['200', '431', '500', '503']);
    expect((root.responses['200'] as { headers?: unknown }).headers).toBeUndefined();
  });

  it('adds a generic 404 to a route with a path parameter that declares none, and the Idempotency-Key’s pattern', () => {
    const credit = built().paths['/api/v1/books/wallets/{id}/credits'].post!;
    expect((credit.responses['404'] as { description: string }).description).toBe('`HTTP_ERROR`: The requested resource was not found.');
    expect(credit.responses['403']).toBeDefined();
    expect((credit.responses['403'] as { description: string }).description).not.toContain('INSUFFICIENT_SCOPE');
    const key = credit.parameters!.find((parameter) => 'name' in parameter && parameter.name === 'Idempotency-Key') as { schema: { pattern: string } };
    expect(key.schema).toMatchObject({ type: 'string', minLength: 1, maxLength: 255, pattern: '^[!-~]{1,255}$' });
  });

  it('leaves Accept-Language optional where a handler reads it', () => {
    const credit = built().paths['/api/v1/books/wallets/{id}/credits'].post!;
    expect(credit.parameters!.find((parameter) => 'name' in parameter && parameter.name === 'accept-language')).toMatchObject({
      required: false,
      description: expect.stringContaining('French'),
    });
  });

  it('lists servers, license, contact, the used tags with their descriptions, and the error envelope', () => {
    const document = built();
    expect(document.servers).toEqual([{ url: '/', description: 'here' }]);
    expect(document.info).toMatchObject({ license: { name: 'Proprietary', url: '/api/v1/docs' }, contact: { name: 'Support' } });
    expect(document.tags).toEqual([{ name: 'Accounts', description: 'The chart of accounts.' }]);
    expect(document.components?.schemas?.ErrorEnvelope).toMatchObject({ required: ['success', 'message', 'code', 'statusCode', 'timestamp'] });
  });
});
