import { ERROR_CODES, errorCodeRows, EVENT_TYPES, HTTP_ERROR_MESSAGES, readableMessage, SERVICES } from '@platform/contracts';
import { acceptsGzip } from './docs.controller';
import { renderDocsPage, SERVICE_DOCUMENTS } from './docs-page';

describe('docs page', () => {
  const html = renderDocsPage('/api/v1/docs/assets/v1');

  it('lists every code of the registry with its status and English message, in the registry order', () => {
    expect(errorCodeRows().map((row) => row.code)).toEqual(Object.keys(ERROR_CODES));
    for (const [code, definition] of Object.entries(ERROR_CODES)) {
      const row = new RegExp(`<tr id="code-${code}"><td><code>${code}</code></td><td>([\\d, ]+)</td><td>([^<]*)`).exec(html);
      const status = code === 'HTTP_ERROR' ? Object.keys(HTTP_ERROR_MESSAGES).join(', ') : String(definition.status);
      expect([code, row?.[1]]).toEqual([code, status]);
      if (code !== 'HTTP_ERROR')
        expect([code, row?.[2]]).toEqual([code, readableMessage(definition.message.en).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/'/g, '&#39;')]);
    }
    expect(html).toContain('<td><code>WALLET_NOT_FOUND</code></td><td>404</td><td>Wallet not found.</td>');
    expect(errorCodeRows().find((row) => row.code === 'HTTP_ERROR')?.messages).toContain('404: The requested resource was not found.');
  });

  it('shows a plural message in its general form', () => {
    expect(readableMessage('Retry after {retryAfter, plural, one {# second} other {# seconds}}.')).toBe('Retry after {retryAfter} seconds.');
    expect(readableMessage('Account {code} is inactive.')).toBe('Account {code} is inactive.');
  });

  it('loads the six documents from their paths on the same origin, and nothing from elsewhere', () => {
    expect(SERVICE_DOCUMENTS.map((document) => document.url)).toEqual(Object.values(SERVICES).map((service) => `/${service.prefix}/openapi.json`));
    for (const document of SERVICE_DOCUMENTS) expect(html).toContain(`href="${document.url}" data-openapi=`);
    const references = [...html.matchAll(/(?:src|href)="([^"]*)"/g)].map((match) => match[1]);
    expect(references.filter((reference) => !reference.startsWith('/') && !reference.startsWith('#'))).toEqual([]);
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  });

  it('explains the token exchange and the three headers', () => {
    for (const text of [
      'developers:create',
      'POST /api/v1/authorize/token',
      'X-Platform-Api-Secret',
      'Authorization: Bearer',
      'X-Platform-Api-Key',
      'X-Platform-Client-Id: platform-developer',
    ]) {
      expect(html).toContain(text);
    }
  });

  it('lists every event type with its service, when it fires, its example and its schema, and says how deliveries behave', () => {
    const rows = [...html.matchAll(/<tr id="event-([\w.]+)"><td><code>([\w.]+)<\/code><\/td><td>(\w+)<\/td>/g)].map((match) => [match[2], match[3]]);
    expect(rows).toEqual(Object.entries(EVENT_TYPES).flatMap(([service, types]) => types.map((type) => [type, service])));
    expect(html.match(/<details class="example">/g)).toHaveLength(rows.length);
    expect(html.match(/<details class="schema">/g)).toHaveLength(rows.length);
    expect(html).toContain('&quot;type&quot;: &quot;payroll_run.approved&quot;');
    for (const text of ['at least once', 'deduplicate by <code>webhook-id</code>', 'Order is not guaranteed', 'GET /api/v1/app/webhooks/event-types'])
      expect(html).toContain(text);
  });

  it('gzips only for a client that takes it', () => {
    expect([
      acceptsGzip('gzip, deflate, br'),
      acceptsGzip('br;q=1, gzip;q=0.5'),
      acceptsGzip('*'),
      acceptsGzip('gzip;q=0'),
      acceptsGzip('identity'),
      acceptsGzip(undefined),
    ]).toEqual([true, true, true, false, false, false]);
  });
});
