import { existsSync } from 'node:fs';
import { chromium, Browser } from 'playwright-core';
import { ERROR_CODES, EVENT_TYPES, HTTP_ERROR_MESSAGES, SERVICES } from '@platform/contracts';
import { DOCS_CONTENT_SECURITY_POLICY } from '../../apps/auth/src/docs/docs.controller';
import { call } from '@test/support/http';
import { OneMachineSuite, startOneMachineSuite } from '@test/support/one-machine-suite';
import { expectError } from '@test/support/stack';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** As the machine's notes start it: no background connection of Chromium's own leaves the page's. */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

type OpenApi = { paths: Record<string, Record<string, unknown>> };

/** `GET /api/v1/hr/employees/{id}`, … for every operation of a document. */
function operationsOf(document: OpenApi): string[] {
  return Object.entries(document.paths)
    .flatMap(([path, item]) =>
      Object.keys(item)
        .filter((key) => METHODS.includes(key))
        .map((method) => `${method.toUpperCase()} ${path}`),
    )
    .sort();
}

/**
 * The docs page in the one-machine suite, as a reader opens it: a real Chromium renders the six
 * services' references from their documents, the auth flow and the error codes, and fetches
 * nothing from any other origin.
 */
describe('GET /api/v1/docs', () => {
  let suite: OneMachineSuite;
  let browser: Browser;
  let page: string;

  beforeAll(async () => {
    if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} not found: apt-get install -y chromium (or set CHROMIUM_PATH)`);
    suite = await startOneMachineSuite();
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  }, 400_000);

  afterAll(async () => {
    await browser?.close();
    await suite?.stop();
  });

  it('is public HTML with a CSP of its own origin only, revalidated by ETag, its assets versioned and cached for good', async () => {
    const served = await call(suite.base, 'GET', '/api/v1/docs');
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(served.headers.get('content-security-policy')).toBe(DOCS_CONTENT_SECURITY_POLICY);
    expect(DOCS_CONTENT_SECURITY_POLICY).toMatch(/^default-src 'none'; /);
    expect(DOCS_CONTENT_SECURITY_POLICY.split('; ').filter((directive) => !/^[\w-]+ ('self'|'none')( data:| 'sha256-[\w+/=]+')?$/.test(directive))).toEqual([]);
    expect(served.headers.get('cache-control')).toBe('no-cache');
    expect(served.headers.get('x-request-id')).toBeTruthy();
    page = served.text;

    const etag = served.headers.get('etag')!;
    const again = await call(suite.base, 'GET', '/api/v1/docs', { headers: { 'if-none-match': etag } });
    expect({ status: again.status, body: again.text }).toEqual({ status: 304, body: '' });

    const assets = [...page.matchAll(/(?:src|href)="(\/api\/v1\/docs\/assets\/[^"]+)"/g)].map((match) => match[1]);
    expect(assets.map((asset) => asset.split('/').pop()).sort()).toEqual([
      'docs.css',
      'docs.js',
      'favicon-32x32.png',
      'swagger-ui-bundle.js',
      'swagger-ui-standalone-preset.js',
      'swagger-ui.css',
    ]);
    const bundle = assets.find((asset) => asset.endsWith('/swagger-ui-bundle.js'))!;
    const plain = await fetch(suite.base + bundle, { headers: { 'accept-encoding': 'identity' } });
    expect([plain.status, plain.headers.get('content-type'), plain.headers.get('cache-control'), plain.headers.get('content-encoding')]).toEqual([
      200,
      'text/javascript; charset=utf-8',
      'public, max-age=31536000, immutable',
      null,
    ]);
    const plainBytes = Buffer.from(await plain.arrayBuffer());
    // fetch undoes the gzip: the same bytes, sent in about a third of them
    const zipped = await fetch(suite.base + bundle, { headers: { 'accept-encoding': 'gzip' } });
    expect([zipped.status, zipped.headers.get('content-encoding'), zipped.headers.get('vary')]).toEqual([200, 'gzip', 'accept-encoding']);
    expect(Number(zipped.headers.get('content-length'))).toBeLessThan(plainBytes.length / 2);
    expect(Buffer.from(await zipped.arrayBuffer()).equals(plainBytes)).toBe(true);

    expectError(await call(suite.base, 'GET', bundle.replace(/assets\/[^/]+\//, 'assets/0000000000000000/')), 404, 'HTTP_ERROR');
    expectError(await call(suite.base, 'GET', bundle.replace('swagger-ui-bundle.js', 'package.json')), 404, 'HTTP_ERROR');
    expectError(await call(suite.base, 'GET', bundle.replace('swagger-ui-bundle.js', '..%2Fpackage.json')), 404, 'HTTP_ERROR');
  });

  it('renders every service’s operations, the auth flow and the error codes in a browser, and no request leaves the origin', async () => {
    const documents = await Promise.all(
      Object.values(SERVICES).map(async (service) => {
        const document = await call<OpenApi>(suite.base, 'GET', `/${service.prefix}/openapi.json`);
        expect(document.status).toBe(200);
        return { title: service.title, operations: operationsOf(document.body) };
      }),
    );

    const context = await browser.newContext();
    const tab = await context.newPage();
    const origin = new URL(suite.base).origin;
    const requested: string[] = [];
    const elsewhere: string[] = [];
    const problems: string[] = [];
    // whatever would leave the origin is recorded and stopped here, so a miss cannot hang on the closed network
    await context.route('**/*', (route) => {
      const url = route.request().url();
      requested.push(url);
      if (new URL(url).origin === origin) return route.continue();
      elsewhere.push(url);
      return route.abort();
    });
    tab.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
    });
    tab.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    tab.on('requestfailed', (request) => problems.push(`failed: ${request.url()} ${request.failure()?.errorText}`));

    await tab.goto(`${suite.base}/api/v1/docs`);
    expect(await tab.title()).toBe('Platform API reference');

    const definitions = tab.locator('.swagger-ui .topbar select');
    await definitions.waitFor();
    expect(await definitions.locator('option').allTextContents()).toEqual(documents.map((document) => document.title));
    for (const document of documents) {
      await definitions.selectOption({ label: document.title });
      await tab.locator('.swagger-ui .info .title', { hasText: document.title }).waitFor();
      const rendered = tab.locator('.swagger-ui .opblock');
      await rendered.first().waitFor();
      const operations = await rendered.evaluateAll((blocks) =>
        blocks.map(
          (block) =>
            `${block.querySelector('.opblock-summary-method')?.textContent} ${block.querySelector('.opblock-summary-path')?.getAttribute('data-path')}`,
        ),
      );
      // an operation under two tags is shown under each
      expect({ service: document.title, operations: [...new Set(operations)].sort() }).toEqual({ service: document.title, operations: document.operations });
    }

    const codes = await tab
      .locator('#error-codes table tbody tr')
      .evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent)));
    expect(codes.map(([code, status]) => [code, status])).toEqual(
      Object.entries(ERROR_CODES).map(([code, definition]) => [
        code,
        code === 'HTTP_ERROR' ? Object.keys(HTTP_ERROR_MESSAGES).join(', ') : String(definition.status),
      ]),
    );
    expect(codes.find(([code]) => code === 'WALLET_NOT_FOUND')?.[2]).toBe('Wallet not found.');

    // the event catalogue: every type, each example unfolding to its envelope, and how deliveries behave
    const events = await tab.locator('#events table.events tbody tr').evaluateAll((rows) => rows.map((row) => row.querySelector('td code')?.textContent));
    expect(events).toEqual(Object.values(EVENT_TYPES).flat());
    const example = tab.locator('[id="event-payroll_run.approved"] details.example');
    expect(await example.locator('pre').isVisible()).toBe(false);
    await example.locator('summary').click();
    expect(JSON.parse(await example.locator('pre').innerText())).toMatchObject({ type: 'payroll_run.approved', version: 1, data: { status: 'approved' } });
    const delivery = await tab.locator('#events .delivery').innerText();
    for (const text of ['at least once', 'deduplicate by webhook-id', 'Order is not guaranteed']) expect(delivery).toContain(text);

    const flow = await tab.locator('#getting-started').innerText();
    for (const step of [
      'developers:create',
      'POST /api/v1/authorize/token',
      'Authorization: Bearer',
      'X-Platform-Api-Key',
      'X-Platform-Client-Id: platform-developer',
    ])
      expect(flow).toContain(step);
    // the examples name the host the reader is on
    expect(flow).toContain(`BASE=${origin}/api/v1`);

    expect(elsewhere).toEqual([]);
    expect(requested.filter((url) => url.endsWith('/openapi.json')).length).toBeGreaterThanOrEqual(documents.length);
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);
});
