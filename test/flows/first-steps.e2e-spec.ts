import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PLATFORM_CLIENT_ID } from '@platform/pipeline';
import { HrModule } from '../../apps/hr/src/hr.module';
import { UtilitiesModule } from '../../apps/utilities/src/utilities.module';
import { workbook } from '../../apps/utilities/test/documents-support';
import { call } from '@test/support/http';
import { ROOT } from '@test/support/paths';
import { Developer, expectError, RunningApp, TestStack } from '@test/support/stack';

/**
 * What a new user meets first, over real HTTP: the body they send without a content type, the
 * scheme written in lower case, the header they forgot, the method a path does not take, the
 * query parameter of the wrong type, the trailing slash; every answer says what happened.
 */
describe('first steps', () => {
  let stack: TestStack;
  let hr: RunningApp;
  let utilities: RunningApp;
  let dev: Developer;

  beforeAll(async () => {
    stack = await TestStack.start();
    hr = await stack.startApp(HrModule, 'hr');
    utilities = await stack.startApp(UtilitiesModule, 'utilities');
    dev = await stack.developer({ org: 'Acme First Steps SARL' });
  });
  afterAll(() => stack.stop());

  describe('bodies and their content type', () => {
    const employee = {
      externalId: 'EMP-1',
      firstName: 'Amina',
      lastName: 'Nkemelu',
      email: 'amina@example.cm',
      hireDate: '2024-03-01',
      jobTitle: 'Accountant',
      department: 'Finance',
      status: 'active',
    };

    it('answers a JSON text sent as a form (curl -d) 415, naming the type received and the one expected', async () => {
      const result = await dev.call(hr, 'POST', '/api/v1/hr/employees', {
        rawBody: JSON.stringify(employee),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expectError(result, 415, 'UNSUPPORTED_MEDIA_TYPE');
      expect(result.body.message).toBe(
        'The request body was sent as application/x-www-form-urlencoded, which this API does not read: send it as application/json (header Content-Type: application/json).',
      );
      expect(result.body.details).toEqual({ received: 'application/x-www-form-urlencoded', expected: 'application/json' });

      const french = await dev.call(hr, 'POST', '/api/v1/hr/employees', {
        rawBody: 'hello',
        headers: { 'content-type': 'text/plain', 'accept-language': 'fr' },
      });
      expectError(french, 415, 'UNSUPPORTED_MEDIA_TYPE');
      expect(french.body.message).toContain('envoyé en text/plain');
    });

    it('answers a body without any content type 415 too, and still 404 for a path that does not exist', async () => {
      const response = await fetch(`${hr.url}/api/v1/hr/employees`, { method: 'POST', headers: dev.headers(), body: new Blob([JSON.stringify(employee)]) });
      const body = (await response.json()) as { message: string };
      expect(response.status).toBe(415);
      expect(body).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', details: { received: null, expected: 'application/json' } });
      expect(body.message).toContain('sent as no Content-Type');

      expectError(
        await dev.call(hr, 'POST', '/api/v1/hr/no-such-thing', { rawBody: 'a=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
        404,
        'HTTP_ERROR',
      );
    });

    it('still reads JSON, with or without a charset, and multipart uploads', async () => {
      const created = await dev.call(stack.auth, 'POST', '/api/v1/workspaces', {
        body: { name: 'Charset' },
        headers: { 'content-type': 'application/json; charset=utf-8' },
      });
      expect(created.status).toBe(201);

      const form = new FormData();
      form.append('file', new Blob(['first steps'], { type: 'text/plain' }), 'notes.txt');
      const upload = await fetch(`${utilities.url}/api/v1/app/files`, { method: 'POST', headers: dev.headers(), body: form });
      const uploaded = (await upload.json()) as { data: { id: string } };
      expect(upload.status).toBe(201);
      expect(uploaded.data).toMatchObject({ filename: 'notes.txt', size: 11 });

      expect(uploaded.data.id).toEqual(expect.any(String));
    });

    it('accepts Content-Type: application/json with an empty body on a route that takes none', async () => {
      const readAll = await dev.call(utilities, 'POST', '/api/v1/app/notifications/read-all', { rawBody: '', headers: { 'content-type': 'application/json' } });
      expect(readAll.status).toBe(200);
      expect(readAll.body.success).toBe(true);

      // a DELETE reaches its route (an unknown file: 404), not a refusal of its empty body
      const deleted = await dev.call(utilities, 'DELETE', `/api/v1/app/files/${randomUUID()}`, {
        rawBody: '',
        headers: { 'content-type': 'application/json' },
      });
      expectError(deleted, 404, 'FILE_NOT_FOUND');

      const rotate = await dev.call(stack.auth, 'POST', '/api/v1/authorize/rotate-secret', {
        rawBody: '  \n',
        headers: { 'content-type': 'application/json' },
      });
      expect(rotate.status).toBe(200);
      dev.apiSecret = rotate.body.data.apiSecret;
      const token = await stack.exchange(dev.apiKey, dev.apiSecret);
      expect(token.status).toBe(200);
      dev.accessToken = token.body.data.accessToken;
    });

    it('says a route that reads a body got an empty one', async () => {
      const result = await dev.call(hr, 'POST', '/api/v1/hr/employees', { rawBody: '', headers: { 'content-type': 'application/json' } });
      expectError(result, 400, 'VALIDATION_FAILED');
      expect(result.body.errors).toEqual({ body: ['body must not be empty when content-type is application/json: send a JSON object'] });
      const patch = await dev.call(hr, 'PATCH', `/api/v1/hr/employees/${randomUUID()}`, {
        rawBody: ' ',
        headers: { 'content-type': 'application/json', 'accept-language': 'fr' },
      });
      expect(patch.body.errors).toEqual({ body: ['le corps ne doit pas être vide avec le type application/json : envoyez un objet JSON'] });
    });
  });

  describe('authentication', () => {
    it('takes the Bearer scheme in any case (RFC 7235)', async () => {
      for (const scheme of ['bearer', 'BEARER', 'bEaReR']) {
        const result = await dev.call(stack.auth, 'GET', '/api/v1/authorize/current', { headers: { authorization: `${scheme} ${dev.accessToken}` } });
        expect({ scheme, status: result.status }).toEqual({ scheme, status: 200 });
      }
    });

    it('sends WWW-Authenticate with every 401, invalid_token when a token was refused (RFC 6750)', async () => {
      const missing = await call(stack.auth.url, 'GET', '/api/v1/authorize/current');
      expectError(missing, 401, 'AUTH_TOKEN_MISSING');
      expect(missing.headers.get('www-authenticate')).toBe('Bearer realm="platform"');

      const basic = await dev.call(stack.auth, 'GET', '/api/v1/authorize/current', { headers: { authorization: 'Basic YWJjOmRlZg==' } });
      expectError(basic, 401, 'AUTH_TOKEN_MISSING');
      expect(basic.body.message).toBe('The Authorization header must be "Bearer <access token>".');
      expect(basic.headers.get('www-authenticate')).toBe('Bearer realm="platform"');

      const forged = await dev.call(hr, 'GET', '/api/v1/hr/employees', { headers: { authorization: `Bearer ${dev.accessToken.slice(0, -4)}AAAA` } });
      expectError(forged, 401, 'AUTH_TOKEN_INVALID');
      expect(forged.headers.get('www-authenticate')).toBe('Bearer realm="platform", error="invalid_token"');

      const wrongSecret = await stack.exchange(dev.apiKey, 'sk_sandbox_wrong');
      expectError(wrongSecret, 401, 'DEVELOPER_KEYS_INVALID');
      expect(wrongSecret.headers.get('www-authenticate')).toBe('Bearer realm="platform"');
    });

    it('names the header that is missing or wrong, keeping the codes', async () => {
      const { 'x-platform-api-key': _key, ...withoutKey } = dev.headers();
      const noKey = await call(hr.url, 'GET', '/api/v1/hr/employees', { headers: withoutKey });
      expectError(noKey, 401, 'DEVELOPER_KEYS_INVALID');
      expect(noKey.body.message).toBe('The X-Platform-Api-Key header is missing: send your API key (pk_…) with every request.');

      const other = await stack.developer();
      const wrongKey = await dev.call(hr, 'GET', '/api/v1/hr/employees', { headers: { 'x-platform-api-key': other.apiKey } });
      expectError(wrongKey, 401, 'DEVELOPER_KEYS_INVALID');
      expect(wrongKey.body.message).toBe('The X-Platform-Api-Key header is not the API key this access token was issued for.');

      const { 'x-platform-client-id': _client, ...withoutClient } = dev.headers();
      const noClient = await call(hr.url, 'GET', '/api/v1/hr/employees', { headers: withoutClient });
      expectError(noClient, 401, 'CLIENT_ID_INVALID');
      expect(noClient.body.message).toBe('The X-Platform-Client-Id header is missing: send X-Platform-Client-Id: platform-developer.');

      const exchangeWithoutClient = await call(stack.auth.url, 'POST', '/api/v1/authorize/token', {
        headers: { 'x-platform-api-key': dev.apiKey, 'x-platform-api-secret': dev.apiSecret },
      });
      expectError(exchangeWithoutClient, 401, 'CLIENT_ID_INVALID');
      expect(exchangeWithoutClient.body.message).toBe('The X-Platform-Client-Id header is missing: send X-Platform-Client-Id: platform-developer.');

      const exchangeWrongClient = await stack.exchange(dev.apiKey, dev.apiSecret, 'my-app');
      expect(exchangeWrongClient.body.message).toBe('The X-Platform-Client-Id header must be platform-developer.');

      const exchangeWithoutSecret = await call(stack.auth.url, 'POST', '/api/v1/authorize/token', {
        headers: { 'x-platform-api-key': dev.apiKey, 'x-platform-client-id': PLATFORM_CLIENT_ID },
      });
      expectError(exchangeWithoutSecret, 401, 'DEVELOPER_KEYS_INVALID');
      expect(exchangeWithoutSecret.body.message).toBe('The X-Platform-Api-Secret header is missing: the token exchange needs your API secret (sk_…).');
    });
  });

  describe('routing', () => {
    it('answers a method a path does not take 405 with Allow; an unknown path stays 404', async () => {
      const put = await dev.call(hr, 'PUT', `/api/v1/hr/employees/${randomUUID()}`, { body: { firstName: 'P' } });
      expectError(put, 405, 'METHOD_NOT_ALLOWED');
      expect(put.headers.get('allow')).toBe('GET, HEAD, PATCH');
      expect(put.body.message).toBe('PUT is not allowed on this path; it accepts GET, HEAD, PATCH.');
      expect(put.body.details).toEqual({ allowed: ['GET', 'HEAD', 'PATCH'] });

      const deleteWorkspaces = await dev.call(stack.auth, 'DELETE', '/api/v1/workspaces');
      expectError(deleteWorkspaces, 405, 'METHOD_NOT_ALLOWED');
      expect(deleteWorkspaces.headers.get('allow')).toBe('GET, HEAD, POST');

      expectError(await dev.call(hr, 'PUT', '/api/v1/hr/no-such-thing'), 404, 'HTTP_ERROR');
      expectError(await dev.call(hr, 'GET', '/api/v1/hr/employees/x/y/z'), 404, 'HTTP_ERROR');
    });

    it('answers a path with a trailing slash as the path without it', async () => {
      const root = await call(stack.auth.url, 'GET', '/api/v1');
      const slashed = await call(stack.auth.url, 'GET', '/api/v1/');
      expect(root.status).toBe(200);
      expect({ status: slashed.status, data: { ...slashed.body.data, time: undefined } }).toEqual({
        status: 200,
        data: { ...root.body.data, time: undefined },
      });

      const list = await dev.call(stack.auth, 'GET', '/api/v1/workspaces/?limit=1');
      expect(list.status).toBe(200);
      expect(list.body.data).toMatchObject({ page: 1, limit: 1 });
    });
  });

  describe('validation messages', () => {
    it('gives one clear message per field', async () => {
      const result = await dev.call(hr, 'GET', '/api/v1/hr/employees?limit=abc&page=0');
      expectError(result, 400, 'VALIDATION_FAILED');
      expect(result.body.errors).toEqual({ limit: ['limit must be an integer number'], page: ['page must not be less than 1'] });
    });

    it('words field messages in French with Accept-Language: fr, English otherwise', async () => {
      const french = await dev.call(hr, 'GET', '/api/v1/hr/employees?limit=abc&page=0&colour=blue', { headers: { 'accept-language': 'fr-CM,fr;q=0.9' } });
      expectError(french, 400, 'VALIDATION_FAILED');
      expect(french.body.message).toBe('La requête est invalide.');
      expect(french.body.errors).toEqual({
        limit: ['limit doit être un nombre entier'],
        page: ['page ne doit pas être inférieur à 1'],
        colour: ['la propriété colour n’est pas autorisée'],
      });

      const body = await dev.call(hr, 'POST', '/api/v1/hr/employees', { body: { firstName: 7 }, headers: { 'accept-language': 'fr' } });
      expectError(body, 400, 'VALIDATION_FAILED');
      expect(body.body.errors.firstName).toEqual(['firstName doit être une chaîne de caractères']);
      expect(body.body.errors.lastName).toEqual(['lastName ne doit pas être vide']);

      const malformed = await dev.call(hr, 'POST', '/api/v1/hr/employees', { rawBody: '{"firstName":', headers: { 'accept-language': 'fr' } });
      expect(malformed.body.errors).toEqual({ body: ['le corps doit être du JSON valide'] });
    });

    it('says "1 second" and "1 seconde" when the burst limit is hit', async () => {
      const sandbox = await stack.developer({ plan: 'developer-sandbox' });
      for (const language of ['en', 'fr']) {
        let limited;
        for (let attempt = 0; attempt < 20 && !limited; attempt++) {
          const result = await sandbox.call(stack.auth, 'GET', '/api/v1/authorize/current', { headers: { 'accept-language': language } });
          if (result.status === 429) limited = result;
        }
        expect(limited).toBeDefined();
        expectError(limited!, 429, 'RATE_LIMIT_EXCEEDED');
        expect(limited!.headers.get('retry-after')).toBe('1');
        expect(limited!.body.message).toBe(language === 'en' ? 'Too many requests. Retry after 1 second.' : 'Trop de requêtes. Réessayez dans 1 seconde.');
        await new Promise((resolve) => setTimeout(resolve, 1100));
      }
    });
  });

  describe('the README walk-through', () => {
    /** The walk-through's first step as the README gives it (up to the headers it builds), run by bash with curl and jq. */
    function firstStep(apiKey: string, apiSecret: string) {
      const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
      const start = readme.indexOf('```bash\n#!/usr/bin/env bash', readme.indexOf('## Walk-through with curl'));
      const script = readme.slice(readme.indexOf('\n', start) + 1, readme.indexOf('\nAUTH=(', start));
      const filled = script.replace(/^BASE=.*$/m, `BASE=${stack.auth.url}/api/v1`).replace(/^KEY=.*$/m, `KEY=${apiKey} SECRET=${apiSecret}`);
      // asynchronously: the services answering curl run in this process
      return new Promise<{ status: number; stdout: string; stderr: string }>((resolve) => {
        execFile('bash', ['-c', `${filled}\necho "token: $TOKEN"`], { encoding: 'utf8', timeout: 30_000 }, (error, stdout, stderr) =>
          resolve({ status: error ? Number(error.code) : 0, stdout, stderr }),
        );
      });
    }

    it('stops at step 1 when the exchange fails, showing the error, instead of going on with a null token', async () => {
      const refused = await firstStep(dev.apiKey, 'sk_sandbox_not-the-secret');
      expect(refused.status).toBe(1);
      expect(refused.stdout).not.toContain('token:');
      expect(refused.stderr).toContain('token exchange failed: {"success":false');
      expect(refused.stderr).toContain('"code":"DEVELOPER_KEYS_INVALID"');

      const fresh = await stack.developer();
      const exchanged = await firstStep(fresh.apiKey, fresh.apiSecret);
      expect({ status: exchanged.status, stderr: exchanged.stderr }).toEqual({ status: 0, stderr: '' });
      expect(exchanged.stdout).toMatch(/^token: eyJ[\w-]+\.[\w-]+\.[\w-]+\n$/);
    });
  });

  describe('documents', () => {
    const invoice = {
      number: 'INV-FS-1',
      customer: { name: 'Brasseries du Littoral SA' },
      currency: 'XAF',
      issueDate: '2026-03-31',
      lines: [{ description: 'Payroll processing', quantity: 1, unitPrice: 25_000 }],
    };

    it('prints the organization’s name on an invoice sent without companyName, not its id', async () => {
      const created = await dev.call(utilities, 'POST', '/api/v1/app/documents', { body: { type: 'invoice', format: 'xlsx', data: invoice } });
      expect(created.status).toBe(201);
      const response = await fetch(`${utilities.url}/api/v1/app/documents/${created.body.data.id}/content`, { headers: dev.headers() });
      const book = await workbook(Buffer.from(await response.arrayBuffer()));
      expect(book.company).toBe('Acme First Steps SARL');
      expect(book.worksheets[0].getRow(1).getCell(1).value).toBe('Acme First Steps SARL');
      expect(JSON.stringify(book.worksheets[0].getSheetValues())).not.toContain(dev.organizationId);
    });

    it('prints the acting client company’s name when a partner acts for one', async () => {
      const workspace = await dev.call(stack.auth, 'POST', '/api/v1/workspaces', { body: { name: 'Clients' } });
      const company = await dev.call(stack.auth, 'POST', `/api/v1/workspaces/${workspace.body.data.id}/companies`, { body: { name: 'Boulangerie Njoya' } });
      expect(company.status).toBe(201);
      const acting = { 'x-workspace-id': workspace.body.data.id, 'x-acting-company-id': company.body.data.id };
      const created = await dev.call(utilities, 'POST', '/api/v1/app/documents', {
        headers: acting,
        body: { type: 'invoice', format: 'xlsx', data: { ...invoice, number: 'INV-FS-2' } },
      });
      expect(created.status).toBe(201);
      const response = await fetch(`${utilities.url}/api/v1/app/documents/${created.body.data.id}/content`, { headers: { ...dev.headers(), ...acting } });
      expect((await workbook(Buffer.from(await response.arrayBuffer()))).company).toBe('Boulangerie Njoya');
    });

    it('keeps the companyName sent', async () => {
      const created = await dev.call(utilities, 'POST', '/api/v1/app/documents', {
        body: { type: 'invoice', format: 'xlsx', data: { ...invoice, number: 'INV-FS-3', companyName: 'Acme Cameroun' } },
      });
      const response = await fetch(`${utilities.url}/api/v1/app/documents/${created.body.data.id}/content`, { headers: dev.headers() });
      expect((await workbook(Buffer.from(await response.arrayBuffer()))).company).toBe('Acme Cameroun');
    });
  });
});
