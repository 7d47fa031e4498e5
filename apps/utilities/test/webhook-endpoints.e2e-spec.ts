import { DataSource } from 'typeorm';
import { EVENT_TYPES } from '@platform/contracts';
import { SCOPES } from '@platform/pipeline';
import { WebhookScopes1795800000000 } from '../../auth/src/migrations/1795800000000-WebhookScopes';
import { UtilitiesModule } from '../src/utilities.module';
import { MAX_ENDPOINTS_PER_COMPANY, MAX_PREVIOUS_SECRETS, WebhookEndpointsService } from '../src/webhooks/endpoints/webhook-endpoints.service';
import { call } from '@test/support/http';
import { Developer, expectError, RunningApp, TestStack } from '@test/support/stack';

const PATH = '/api/v1/app/webhooks/endpoints';
const SECRET = /^whsec_[A-Za-z0-9+/]{43}=$/;
const VIEW_KEYS = ['id', 'url', 'description', 'eventTypes', 'alertEmail', 'status', 'disabledAt', 'disabledReason', 'createdAt', 'updatedAt'];
const UNKNOWN_ID = '6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b';

describe('webhook endpoints', () => {
  let stack: TestStack;
  let app: RunningApp;
  let dev: Developer;
  let dataSource: DataSource;
  let service: WebhookEndpointsService;

  beforeAll(async () => {
    stack = await TestStack.start();
    app = await stack.startApp(UtilitiesModule, 'utilities');
    dev = await stack.developer();
    dataSource = app.app.get(DataSource);
    service = app.app.get(WebhookEndpointsService);
  });
  afterAll(() => stack.stop());

  const create = (developer: Developer, body: Record<string, unknown>, headers?: Record<string, string>) =>
    developer.call(app, 'POST', PATH, { body, headers });
  const sealedOf = async (endpointId: string): Promise<string[]> =>
    (await dataSource.query('SELECT sealed_secret FROM utilities.webhook_endpoint_secrets WHERE endpoint_id = $1', [endpointId])).map(
      (row: { sealed_secret: string }) => row.sealed_secret,
    );

  it('creates an endpoint and shows its secret once, in the creation’s answer only', async () => {
    const created = await create(dev, { url: 'http://127.0.0.1:9/platform', eventTypes: ['employee.created', 'payroll_run.approved'], description: 'HR sync' });
    expect(created.status).toBe(201);
    expect(created.body.message).toBe('Webhook endpoint created. Store its signing secret now: it is shown only once.');
    const { data } = created.body;
    expect(Object.keys(data).sort()).toEqual([...VIEW_KEYS, 'secret'].sort());
    expect(data).toMatchObject({
      url: 'http://127.0.0.1:9/platform',
      description: 'HR sync',
      eventTypes: ['employee.created', 'payroll_run.approved'],
      status: 'enabled',
      disabledAt: null,
      disabledReason: null,
    });
    expect(data.secret).toMatch(SECRET);
    expect(Buffer.from(data.secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
    expect(Date.parse(data.createdAt)).toBeGreaterThan(Date.now() - 60_000);

    const got = await dev.call(app, 'GET', `${PATH}/${data.id}`);
    expect(got.status).toBe(200);
    expect(Object.keys(got.body.data).sort()).toEqual([...VIEW_KEYS].sort());
    expect(got.text).not.toContain(data.secret);
    const { secret, ...view } = data;
    expect(got.body.data).toEqual(view);

    const listed = await dev.call(app, 'GET', PATH);
    expect(listed.status).toBe(200);
    expect(listed.text).not.toContain(secret);
    expect(listed.body.data.items.find((item: { id: string }) => item.id === data.id)).toEqual(view);
  });

  it('stores the secret encrypted: the table holds no trace of it, and deliveries read it back', async () => {
    const created = (await create(dev, { url: 'http://127.0.0.1:9/encrypted' })).body.data;
    const sealed = await sealedOf(created.id);
    expect(sealed).toHaveLength(1);
    expect(sealed[0]).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    const key = created.secret.slice('whsec_'.length);
    const dump = JSON.stringify(await dataSource.query('SELECT * FROM utilities.webhook_endpoint_secrets'));
    for (const trace of [created.secret, key, Buffer.from(key, 'base64').toString('hex'), Buffer.from(key, 'base64').toString('base64url')])
      expect(dump).not.toContain(trace);
    expect(await service.signingSecrets(created.id)).toEqual([created.secret]);
  });

  it('defaults to every event type and no description', async () => {
    const created = await create(dev, { url: 'http://127.0.0.1:4000/hooks' });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ eventTypes: [], description: null, status: 'enabled' });
  });

  it('lists the company’s endpoints newest first, paginated', async () => {
    const lister = await stack.developer();
    const ids: string[] = [];
    for (const n of [1, 2, 3]) ids.push((await create(lister, { url: `http://127.0.0.1:9/${n}` })).body.data.id);
    const first = await lister.call(app, 'GET', `${PATH}?limit=2`);
    expect(first.body.data).toMatchObject({ page: 1, limit: 2, total: 3 });
    expect(first.body.data.items.map((item: { id: string }) => item.id)).toEqual([ids[2], ids[1]]);
    const second = await lister.call(app, 'GET', `${PATH}?limit=2&page=2`);
    expect(second.body.data.items.map((item: { id: string }) => item.id)).toEqual([ids[0]]);
    expectError(await lister.call(app, 'GET', `${PATH}?limit=101`), 400, 'VALIDATION_FAILED');
  });

  it('changes only the fields sent', async () => {
    const created = (await create(dev, { url: 'http://127.0.0.1:9/before', eventTypes: ['employee.created'], description: 'before' })).body.data;
    const url = await dev.call(app, 'PATCH', `${PATH}/${created.id}`, { body: { url: 'http://127.0.0.1:9/after' } });
    expect(url.status).toBe(200);
    expect(url.body.message).toBe('Resource updated.');
    expect(url.body.data).toMatchObject({ url: 'http://127.0.0.1:9/after', eventTypes: ['employee.created'], description: 'before' });
    expect(Date.parse(url.body.data.updatedAt)).toBeGreaterThanOrEqual(Date.parse(created.updatedAt));

    const types = await dev.call(app, 'PATCH', `${PATH}/${created.id}`, { body: { eventTypes: ['payment.succeeded', 'payment.failed'], description: null } });
    expect(types.body.data).toMatchObject({ url: 'http://127.0.0.1:9/after', eventTypes: ['payment.succeeded', 'payment.failed'], description: null });
    const every = await dev.call(app, 'PATCH', `${PATH}/${created.id}`, { body: { eventTypes: [] } });
    expect(every.body.data.eventTypes).toEqual([]);

    const nothing = await dev.call(app, 'PATCH', `${PATH}/${created.id}`, { body: {} });
    expect(nothing.status).toBe(200);
    expect(nothing.body.data).toEqual(every.body.data);
    expect((await dev.call(app, 'GET', `${PATH}/${created.id}`)).body.data).toEqual(every.body.data);

    const nulls = await dev.call(app, 'PATCH', `${PATH}/${created.id}`, { body: { url: null, eventTypes: null } });
    expectError(nulls, 400, 'VALIDATION_FAILED');
    expect(Object.keys(nulls.body.errors).sort()).toEqual(['eventTypes', 'url']);
    const badUrl = await dev.call(app, 'PATCH', `${PATH}/${created.id}`, { body: { url: 'ftp://hooks.example.cm/x' } });
    expectError(badUrl, 400, 'VALIDATION_FAILED');
    expect(badUrl.body.errors).toEqual({ url: ['url must be an absolute http or https URL'] });
    expect((await dev.call(app, 'GET', `${PATH}/${created.id}`)).body.data.url).toBe('http://127.0.0.1:9/after');
  });

  it('disables and enables an endpoint', async () => {
    const created = (await create(dev, { url: 'http://127.0.0.1:9/toggle' })).body.data;
    const disabled = await dev.call(app, 'POST', `${PATH}/${created.id}/disable`);
    expect(disabled.status).toBe(200);
    expect(disabled.body.data).toMatchObject({ id: created.id, status: 'disabled', disabledReason: 'manual' });
    expect(Date.parse(disabled.body.data.disabledAt)).toBeGreaterThan(Date.now() - 60_000);
    expect((await dev.call(app, 'GET', `${PATH}/${created.id}`)).body.data).toEqual(disabled.body.data);

    const again = await dev.call(app, 'POST', `${PATH}/${created.id}/disable`);
    expect(again.body.data).toMatchObject({ status: 'disabled', disabledAt: disabled.body.data.disabledAt, disabledReason: 'manual' });

    const enabled = await dev.call(app, 'POST', `${PATH}/${created.id}/enable`);
    expect(enabled.status).toBe(200);
    expect(enabled.body.data).toMatchObject({ status: 'enabled', disabledAt: null, disabledReason: null });
    expect((await dev.call(app, 'POST', `${PATH}/${created.id}/enable`)).body.data).toMatchObject({ status: 'enabled' });
    expect((await dev.call(app, 'GET', `${PATH}/${created.id}`)).body.data).toMatchObject({ status: 'enabled', disabledAt: null });
  });

  it('rotates the secret: the previous one keeps signing for the grace asked (24 h by default), or stops at once', async () => {
    const created = (await create(dev, { url: 'http://127.0.0.1:9/rotate' })).body.data;
    const first = await dev.call(app, 'POST', `${PATH}/${created.id}/rotate-secret`);
    expect(first.status).toBe(200);
    expect(first.body.message).toBe('Secret rotated. Store the new secret now: it is shown only once.');
    expect(first.body.data.id).toBe(created.id);
    expect(first.body.data.secret).toMatch(SECRET);
    expect(first.body.data.secret).not.toBe(created.secret);
    const grace = Date.parse(first.body.data.previousSecretsExpireAt) - Date.now();
    expect(grace).toBeGreaterThan(86_400_000 - 60_000);
    expect(grace).toBeLessThanOrEqual(86_400_000);
    expect(await service.signingSecrets(created.id)).toEqual([first.body.data.secret, created.secret]);
    const view = (await dev.call(app, 'GET', `${PATH}/${created.id}`)).text;
    expect(view).not.toContain(first.body.data.secret);
    expect(view).not.toContain(created.secret);

    const short = await dev.call(app, 'POST', `${PATH}/${created.id}/rotate-secret`, { body: { graceSeconds: 3600 } });
    expect(Date.parse(short.body.data.previousSecretsExpireAt) - Date.now()).toBeLessThanOrEqual(3_600_000);
    expect(await service.signingSecrets(created.id)).toEqual([short.body.data.secret, first.body.data.secret, created.secret]);
    const expiries = await dataSource.query('SELECT expires_at FROM utilities.webhook_endpoint_secrets WHERE endpoint_id = $1 AND expires_at IS NOT NULL', [
      created.id,
    ]);
    // a later rotation shortens the older secrets' grace, never lengthens it
    for (const row of expiries) expect(row.expires_at.getTime()).toBe(Date.parse(short.body.data.previousSecretsExpireAt));

    const atOnce = await dev.call(app, 'POST', `${PATH}/${created.id}/rotate-secret`, { body: { graceSeconds: 0 } });
    expect(atOnce.status).toBe(200);
    expect(Date.parse(atOnce.body.data.previousSecretsExpireAt)).toBeLessThanOrEqual(Date.now());
    expect(await service.signingSecrets(created.id)).toEqual([atOnce.body.data.secret]);
    expect(await sealedOf(created.id)).toHaveLength(1);
    for (const old of [created.secret, first.body.data.secret, short.body.data.secret]) expect(JSON.stringify(await sealedOf(created.id))).not.toContain(old);
  });

  it(`keeps at most ${MAX_PREVIOUS_SECRETS} previous secrets signing, and removes expired ones when the secrets are read`, async () => {
    const created = (await create(dev, { url: 'http://127.0.0.1:9/many' })).body.data;
    const secrets = [created.secret];
    for (let i = 0; i < MAX_PREVIOUS_SECRETS + 2; i++) secrets.push((await dev.call(app, 'POST', `${PATH}/${created.id}/rotate-secret`)).body.data.secret);
    expect(await service.signingSecrets(created.id)).toEqual(secrets.slice(-(MAX_PREVIOUS_SECRETS + 1)).reverse());

    await dataSource.query(
      `UPDATE utilities.webhook_endpoint_secrets SET expires_at = now() - interval '1 second' WHERE endpoint_id = $1 AND expires_at IS NOT NULL`,
      [created.id],
    );
    expect(await sealedOf(created.id)).toHaveLength(MAX_PREVIOUS_SECRETS + 1);
    expect(await service.signingSecrets(created.id)).toEqual([secrets[secrets.length - 1]]);
    expect(await sealedOf(created.id)).toHaveLength(1);
  });

  it('validates the rotation’s grace', async () => {
    const created = (await create(dev, { url: 'http://127.0.0.1:9/grace' })).body.data;
    for (const graceSeconds of [-1, 604_801, 1.5, 'soon']) {
      const refused = await dev.call(app, 'POST', `${PATH}/${created.id}/rotate-secret`, { body: { graceSeconds } });
      expectError(refused, 400, 'VALIDATION_FAILED');
      expect(Object.keys(refused.body.errors)).toEqual(['graceSeconds']);
    }
    expect(await service.signingSecrets(created.id)).toEqual([created.secret]);
    const week = await dev.call(app, 'POST', `${PATH}/${created.id}/rotate-secret`, { body: { graceSeconds: 604_800 } });
    expect(week.status).toBe(200);
    expect(await service.signingSecrets(created.id)).toEqual([week.body.data.secret, created.secret]);
  });

  it('deletes an endpoint with its secrets', async () => {
    const created = (await create(dev, { url: 'http://127.0.0.1:9/delete' })).body.data;
    await dev.call(app, 'POST', `${PATH}/${created.id}/rotate-secret`);
    expect(await sealedOf(created.id)).toHaveLength(2);
    const deleted = await dev.call(app, 'DELETE', `${PATH}/${created.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ success: true, message: 'Resource deleted.' });
    expect(await sealedOf(created.id)).toEqual([]);
    expectError(await dev.call(app, 'GET', `${PATH}/${created.id}`), 404, 'WEBHOOK_ENDPOINT_NOT_FOUND');
    expectError(await dev.call(app, 'DELETE', `${PATH}/${created.id}`), 404, 'WEBHOOK_ENDPOINT_NOT_FOUND');
    expect(await dataSource.query('SELECT id FROM utilities.webhook_endpoints WHERE id = $1', [created.id])).toEqual([]);
  });

  it('answers another company’s endpoint, an unknown one and a malformed id as not found, on every route', async () => {
    const owner = await stack.developer();
    const stranger = await stack.developer();
    const theirs = (await create(owner, { url: 'http://127.0.0.1:9/theirs', description: 'theirs' })).body.data;
    for (const id of [theirs.id, UNKNOWN_ID, 'not-a-uuid']) {
      expectError(await stranger.call(app, 'GET', `${PATH}/${id}`), 404, 'WEBHOOK_ENDPOINT_NOT_FOUND');
      expectError(await stranger.call(app, 'PATCH', `${PATH}/${id}`, { body: { description: 'mine now' } }), 404, 'WEBHOOK_ENDPOINT_NOT_FOUND');
      expectError(await stranger.call(app, 'POST', `${PATH}/${id}/disable`), 404, 'WEBHOOK_ENDPOINT_NOT_FOUND');
      expectError(await stranger.call(app, 'POST', `${PATH}/${id}/enable`), 404, 'WEBHOOK_ENDPOINT_NOT_FOUND');
      expectError(await stranger.call(app, 'POST', `${PATH}/${id}/rotate-secret`, { body: { graceSeconds: 0 } }), 404, 'WEBHOOK_ENDPOINT_NOT_FOUND');
      expectError(await stranger.call(app, 'DELETE', `${PATH}/${id}`), 404, 'WEBHOOK_ENDPOINT_NOT_FOUND');
    }
    const french = await stranger.call(app, 'GET', `${PATH}/${theirs.id}`, { headers: { 'accept-language': 'fr' } });
    expect(french.body.message).toBe('Point de terminaison de webhook introuvable.');
    expect((await stranger.call(app, 'GET', PATH)).body.data).toMatchObject({ items: [], total: 0 });

    const untouched = await owner.call(app, 'GET', `${PATH}/${theirs.id}`);
    expect(untouched.body.data).toMatchObject({ description: 'theirs', status: 'enabled' });
    expect(await service.signingSecrets(theirs.id)).toEqual([theirs.secret]);
  });

  it('keeps the endpoints of an acting company apart from the caller’s own', async () => {
    const partner = await stack.developer();
    const workspace = (await partner.call(stack.auth, 'POST', '/api/v1/workspaces', { body: { name: 'Clients' } })).body.data.id;
    const company = (await partner.call(stack.auth, 'POST', `/api/v1/workspaces/${workspace}/companies`, { body: { name: 'Client SARL' } })).body.data.id;
    const acting = { 'x-workspace-id': workspace, 'x-acting-company-id': company };

    const own = (await create(partner, { url: 'http://127.0.0.1:9/own' })).body.data;
    const client = await create(partner, { url: 'http://127.0.0.1:9/client' }, acting);
    expect(client.status).toBe(201);
    expect((await partner.call(app, 'GET', PATH)).body.data.items.map((item: { id: string }) => item.id)).toEqual([own.id]);
    expect((await partner.call(app, 'GET', PATH, { headers: acting })).body.data.items.map((item: { id: string }) => item.id)).toEqual([client.body.data.id]);
    expectError(await partner.call(app, 'GET', `${PATH}/${own.id}`, { headers: acting }), 404, 'WEBHOOK_ENDPOINT_NOT_FOUND');
    expectError(await partner.call(app, 'GET', `${PATH}/${client.body.data.id}`), 404, 'WEBHOOK_ENDPOINT_NOT_FOUND');

    const [row] = await dataSource.query('SELECT company_id, organization_id, created_by_credential_id FROM utilities.webhook_endpoints WHERE id = $1', [
      client.body.data.id,
    ]);
    expect(row).toEqual({ company_id: company, organization_id: partner.organizationId, created_by_credential_id: partner.credentialId });
    expectError(await stack.developer().then((other) => other.call(app, 'GET', PATH, { headers: acting })), 403, 'ACTING_COMPANY_FORBIDDEN');
  });

  it('validates the body: URL, event types, description, unknown fields', async () => {
    const cases: [Record<string, unknown>, string[]][] = [
      [{}, ['url']],
      [{ url: 'not a url' }, ['url']],
      [{ url: 'ftp://hooks.example.cm/x' }, ['url']],
      [{ url: 'hooks.example.cm/no-scheme' }, ['url']],
      [{ url: `http://127.0.0.1:9/${'a'.repeat(2048)}` }, ['url']],
      [{ url: 42 }, ['url']],
      [{ url: 'http://127.0.0.1:9/x', eventTypes: ['employee.created', 'employee.hired'] }, ['eventTypes']],
      [{ url: 'http://127.0.0.1:9/x', eventTypes: ['employee.created', 'employee.created'] }, ['eventTypes']],
      [{ url: 'http://127.0.0.1:9/x', eventTypes: 'employee.created' }, ['eventTypes']],
      [{ url: 'http://127.0.0.1:9/x', eventTypes: Array.from({ length: 51 }, (_, i) => `type.${i}`) }, ['eventTypes']],
      [{ url: 'http://127.0.0.1:9/x', description: 'd'.repeat(501) }, ['description']],
      [{ url: 'http://127.0.0.1:9/x', secret: 'whsec_mine' }, ['secret']],
    ];
    for (const [body, fields] of cases) {
      const refused = await create(dev, body);
      expectError(refused, 400, 'VALIDATION_FAILED');
      expect({ body, fields: Object.keys(refused.body.errors) }).toEqual({ body, fields });
    }
    const unknownType = await create(dev, { url: 'http://127.0.0.1:9/x', eventTypes: ['employee.hired'] });
    expect(unknownType.body.errors.eventTypes[0]).toContain('employee.created');
    const longDescription = await create(dev, { url: 'http://127.0.0.1:9/x', description: 'd'.repeat(501) }, { 'accept-language': 'fr' });
    expect(longDescription.body).toMatchObject({
      message: 'La requête est invalide.',
      errors: { description: ['description doit contenir au plus 500 caractères'] },
    });
    const repeated = await create(dev, { url: 'http://127.0.0.1:9/x', eventTypes: ['employee.created', 'employee.created'] }, { 'accept-language': 'fr' });
    expect(repeated.body.errors).toEqual({ eventTypes: ['les éléments de eventTypes doivent être distincts'] });
    const frenchUrl = await create(dev, { url: 'nope' }, { 'accept-language': 'fr' });
    expect(frenchUrl.body.errors).toEqual({ url: ['url doit être une URL absolue en http ou https'] });

    const everyType = Object.values(EVENT_TYPES).flat();
    const all = await create(dev, { url: 'http://127.0.0.1:9/all-types', eventTypes: everyType, description: 'd'.repeat(500) });
    expect(all.status).toBe(201);
    expect(all.body.data.eventTypes).toEqual(everyType);
  });

  it('refuses a URL whose IPv6 address carries a refused IPv4 one, though loopback is allowed here', async () => {
    const carriers: Array<[string, string]> = [
      ['[64:ff9b::7f00:1]', 'loopback'], // NAT64
      ['[64:ff9b::a00:1]', 'private-network'],
      ['[2002:7f00:1::1]', 'loopback'], // 6to4
      ['[2001:0:7f00:1::]', 'loopback'], // Teredo
      ['[::ffff:7f00:1]', 'loopback'], // IPv4-mapped
      ['[::7f00:1]', 'loopback'], // IPv4-compatible
    ];
    for (const [host, network] of carriers) {
      const refused = await create(dev, { url: `http://${host}:9/hooks` });
      expectError(refused, 400, 'WEBHOOK_URL_FORBIDDEN');
      expect({ host, details: refused.body.details }).toEqual({ host, details: { reason: network, address: host.slice(1, -1) } });
    }
  });

  it('refuses a description of more than one line', async () => {
    const described = await create(dev, { url: 'http://127.0.0.1:9/x', description: 'HR sync\n[utilities] No SMTP_URL' });
    expectError(described, 400, 'VALIDATION_FAILED');
    expect(described.body.errors).toEqual({
      description: ['description must not contain control characters, line breaks or bidirectional formatting characters'],
    });
  });

  it(`refuses a company’s endpoint past ${MAX_ENDPOINTS_PER_COMPANY}, even when created at once`, async () => {
    const busy = await stack.developer();
    const results = await Promise.all(Array.from({ length: MAX_ENDPOINTS_PER_COMPANY + 3 }, (_, i) => create(busy, { url: `http://127.0.0.1:9/${i}` })));
    expect(results.filter((result) => result.status === 201)).toHaveLength(MAX_ENDPOINTS_PER_COMPANY);
    const refused = results.filter((result) => result.status !== 201);
    expect(refused).toHaveLength(3);
    for (const result of refused) expectError(result, 409, 'WEBHOOK_ENDPOINT_LIMIT_REACHED');
    expect(refused[0].body.details).toEqual({ limit: MAX_ENDPOINTS_PER_COMPANY });
    expect(refused[0].body.message).toBe(
      `This company already has ${MAX_ENDPOINTS_PER_COMPANY} webhook endpoints, the most allowed: delete one before adding another.`,
    );
    expect((await busy.call(app, 'GET', PATH)).body.data.total).toBe(MAX_ENDPOINTS_PER_COMPANY);

    const [one] = (await busy.call(app, 'GET', `${PATH}?limit=1`)).body.data.items;
    await busy.call(app, 'DELETE', `${PATH}/${one.id}`);
    expect((await create(busy, { url: 'http://127.0.0.1:9/after-delete' })).status).toBe(201);
  });

  it('needs webhooks:read to read and webhooks:write to change', async () => {
    expectError(await call(app.url, 'GET', PATH), 401, 'AUTH_TOKEN_MISSING');
    const owner = await stack.developer({ scopes: ['webhooks:read', 'webhooks:write'] });
    const endpoint = (await create(owner, { url: 'http://127.0.0.1:9/scoped' })).body.data;

    // the scope is checked before the endpoint is looked for: another organization's id is enough
    const reader = await stack.developer({ scopes: ['webhooks:read'] });
    expect((await reader.call(app, 'GET', PATH)).status).toBe(200);
    const denied = await create(reader, { url: 'http://127.0.0.1:9/denied' });
    expectError(denied, 403, 'INSUFFICIENT_SCOPE');
    expect(denied.body.details).toEqual({ requiredScope: 'webhooks:write' });
    for (const [method, path] of [
      ['PATCH', `${PATH}/${endpoint.id}`],
      ['DELETE', `${PATH}/${endpoint.id}`],
      ['POST', `${PATH}/${endpoint.id}/disable`],
      ['POST', `${PATH}/${endpoint.id}/enable`],
      ['POST', `${PATH}/${endpoint.id}/rotate-secret`],
    ]) {
      expectError(await reader.call(app, method, path, { body: method === 'PATCH' ? { description: 'x' } : undefined }), 403, 'INSUFFICIENT_SCOPE');
    }

    const appOnly = await stack.developer({ scopes: ['app:read', 'app:write'] });
    expectError(await appOnly.call(app, 'GET', PATH), 403, 'INSUFFICIENT_SCOPE');
    expectError(await appOnly.call(app, 'GET', `${PATH}/${endpoint.id}`), 403, 'INSUFFICIENT_SCOPE');
    expectError(await create(appOnly, { url: 'http://127.0.0.1:9/app-only' }), 403, 'INSUFFICIENT_SCOPE');
  });

  it('gives the webhook scopes to credentials created with every scope before they existed, not to narrowed ones', async () => {
    const before = SCOPES.filter((scope) => !scope.startsWith('webhooks:'));
    expect(before).toHaveLength(SCOPES.length - 2);
    const [everything, narrowed] = [await stack.developer(), await stack.developer({ scopes: ['hr:read', 'webhooks:read'] })];
    const authData = stack.auth.app.get(DataSource);
    await authData.query('UPDATE auth.developer_credentials SET scopes = $1 WHERE id = $2', [before.join(' '), everything.credentialId]);
    everything.accessToken = (await stack.exchange(everything.apiKey, everything.apiSecret)).body.data.accessToken;
    expectError(await everything.call(app, 'GET', PATH), 403, 'INSUFFICIENT_SCOPE');

    const runner = authData.createQueryRunner();
    try {
      await new WebhookScopes1795800000000().up(runner);
    } finally {
      await runner.release();
    }
    const rows: { id: string; scopes: string }[] = await authData.query('SELECT id, scopes FROM auth.developer_credentials WHERE id = ANY($1::uuid[])', [
      [everything.credentialId, narrowed.credentialId],
    ]);
    expect(Object.fromEntries(rows.map((row) => [row.id, row.scopes]))).toEqual({
      [everything.credentialId]: [...before, 'webhooks:read', 'webhooks:write'].join(' '),
      [narrowed.credentialId]: 'hr:read webhooks:read',
    });
    everything.accessToken = (await stack.exchange(everything.apiKey, everything.apiSecret)).body.data.accessToken;
    expect((await everything.call(app, 'GET', PATH)).status).toBe(200);
  });

  it('documents the routes in the OpenAPI document', async () => {
    const openapi = (await call(app.url, 'GET', '/api/v1/app/openapi.json')).body;
    const byId = openapi.paths[`${PATH}/{id}`];
    expect(Object.keys(openapi.paths[PATH]).sort()).toEqual(['get', 'post']);
    expect(Object.keys(byId).sort()).toEqual(['delete', 'get', 'patch']);
    for (const action of ['disable', 'enable', 'rotate-secret']) expect(openapi.paths[`${PATH}/{id}/${action}`].post).toBeDefined();
    expect(openapi.components.schemas.CreateWebhookEndpointDto.properties.eventTypes.items.enum).toEqual(Object.values(EVENT_TYPES).flat());
    expect(openapi.components.schemas.WebhookEndpointView.properties.secret).toBeUndefined();
    expect(openapi.components.schemas.CreatedWebhookEndpointView.required).toContain('secret');
  });
});
