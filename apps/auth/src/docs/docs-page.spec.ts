import { ERROR_CODES, SERVICES } from '@platform/common';
import { acceptsGzip } from './docs.controller';
import { errorCodeRows, renderDocsPage, SERVICE_DOCUMENTS } from './docs-page';

describe('docs page', () => {
  const html = renderDocsPage('/api/v1/docs/assets/v1');

  it('lists every code of the registry with its status and English message, in the registry order', () => {
    expect(errorCodeRows().map((row) => row.code)).toEqual(Object.keys(ERROR_CODES));
    for (const [code, definition] of Object.entries(ERROR_CODES)) {
      const row = new RegExp(`<tr id="code-${code}"><td><code>${code}</code></td><td>(\\w+)</td>`).exec(html);
      expect([code, row?.[1]]).toEqual([code, code === 'HTTP_ERROR' ? 'varies' : String(definition.status)]);
    }
    for (const row of errorCodeRows()) expect(html).toContain(row.message.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;'));
  });

  it('loads the six documents from their paths on the same origin, and nothing from elsewhere', () => {
    expect(SERVICE_DOCUMENTS.map((document) => document.url)).toEqual(Object.values(SERVICES).map((service) => `/${service.prefix}/openapi.json`));
    for (const document of SERVICE_DOCUMENTS) expect(html).toContain(`href="${document.url}" data-openapi=`);
    const references = [...html.matchAll(/(?:src|href)="([^"]*)"/g)].map((match) => match[1]);
    expect(references.filter((reference) => !reference.startsWith('/') && !reference.startsWith('#'))).toEqual([]);
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  });

  it('explains the token exchange and the three headers', () => {
    for (const text of ['developers:create', 'POST /api/v1/authorize/token', 'X-Platform-Api-Secret', 'Authorization: Bearer', 'X-Platform-Api-Key', 'X-Platform-Client-Id: platform-developer']) {
      expect(html).toContain(text);
    }
  });

  it('gzips only for a client that takes it', () => {
    expect([acceptsGzip('gzip, deflate, br'), acceptsGzip('br;q=1, gzip;q=0.5'), acceptsGzip('*'), acceptsGzip('gzip;q=0'), acceptsGzip('identity'), acceptsGzip(undefined)]).toEqual([true, true, true, false, false, false]);
  });
});
