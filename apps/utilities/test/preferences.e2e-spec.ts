import { UtilitiesModule } from '../src/utilities.module';
import { call } from '../../../test/support/http';
import { Developer, expectError, RunningApp, TestStack } from '../../../test/support/stack';

const PATH = '/api/v1/app/notifications/preferences';
const CATEGORIES = ['assigned', 'approval', 'mention', 'comment', 'calendar', 'drive', 'crm', 'due', 'general'];

describe('notification preferences (spec 4.1, DESIGN §6)', () => {
  let stack: TestStack;
  let app: RunningApp;
  let dev: Developer;

  beforeAll(async () => {
    stack = await TestStack.start();
    app = await stack.startApp(UtilitiesModule, 'utilities');
    dev = await stack.developer();
  });
  afterAll(() => stack.stop());

  it('returns all nine categories with their defaults', async () => {
    const result = await dev.call(app, 'GET', PATH);
    expect(result.status).toBe(200);
    expect(result.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(Object.keys(result.body)).toEqual(['success', 'message', 'data']);
    expect(result.body).toMatchObject({ success: true, message: 'Request succeeded.' });
    expect((await dev.call(app, 'GET', PATH, { headers: { 'accept-language': 'fr-CM,fr;q=0.9' } })).body.message).toBe('Requête réussie.');
    expect(result.body.data.items.map((p: { category: string }) => p.category)).toEqual(CATEGORIES);
    for (const preference of result.body.data.items) {
      expect(preference).toEqual({ category: preference.category, inApp: true, email: true, push: true, sms: false, whatsapp: false, updatedAt: null });
    }
  });

  it('changes only the flags sent and returns the whole preference', async () => {
    const first = await dev.call(app, 'PATCH', PATH, { body: { category: 'approval', sms: true, email: false } });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ success: true, message: 'Notification preference updated.' });
    expect(first.body.data).toMatchObject({ category: 'approval', inApp: true, email: false, push: true, sms: true, whatsapp: false });
    expect(Date.parse(first.body.data.updatedAt)).toBeGreaterThan(Date.now() - 60_000);

    const second = await dev.call(app, 'PATCH', PATH, { body: { category: 'approval', whatsapp: true } });
    expect(second.body.data).toMatchObject({ email: false, sms: true, whatsapp: true });

    const unchanged = await dev.call(app, 'PATCH', PATH, { body: { category: 'approval' } });
    expect(unchanged.body.data).toMatchObject({ email: false, sms: true, whatsapp: true });

    const all = await dev.call(app, 'GET', PATH);
    const approval = all.body.data.items.find((p: { category: string }) => p.category === 'approval');
    expect(approval).toMatchObject({ email: false, sms: true, whatsapp: true });
    // The answer of a PATCH is the row as the GET shows it: same fields, same order, same instant.
    expect(JSON.stringify(unchanged.body.data)).toBe(JSON.stringify(approval));
    expect(approval.updatedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(all.body.data.items.find((p: { category: string }) => p.category === 'due')).toMatchObject({ email: true, sms: false, updatedAt: null });
  });

  it('survives concurrent first writes of one category', async () => {
    const racer = await stack.developer();
    const results = await Promise.all(
      ['inApp', 'email', 'push', 'sms', 'whatsapp'].map((flag) => racer.call(app, 'PATCH', PATH, { body: { category: 'crm', [flag]: flag === 'sms' || flag === 'whatsapp' } })),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const crm = (await racer.call(app, 'GET', PATH)).body.data.items.find((p: { category: string }) => p.category === 'crm');
    expect(crm).toMatchObject({ inApp: false, email: false, push: false, sms: true, whatsapp: true });
  });

  it('writes concurrent changes of many rows together without losing or mixing any', async () => {
    const companies = [await stack.developer(), await stack.developer()];
    const rows = ['assigned', 'comment', 'calendar', 'drive', 'general'];
    // For every company and row, two requests at once, each changing other flags.
    const writes = companies.flatMap((company, c) =>
      rows.flatMap((category, r) => [
        { company, category, body: { category, sms: (c + r) % 2 === 0, push: false } },
        { company, category, body: { category, whatsapp: true, email: (c + r) % 2 === 1 } },
      ]),
    );
    const results = await Promise.all(writes.map((write) => write.company.call(app, 'PATCH', PATH, { body: write.body })));
    results.forEach((result, i) => {
      expect(result.status).toBe(200);
      // Each answer is its own row, with at least its own flags.
      expect(result.body.data).toMatchObject(writes[i].body);
    });
    for (const [c, company] of companies.entries()) {
      const items = (await company.call(app, 'GET', PATH)).body.data.items;
      rows.forEach((category, r) => {
        expect(items.find((p: { category: string }) => p.category === category)).toMatchObject({
          inApp: true, email: (c + r) % 2 === 1, push: false, sms: (c + r) % 2 === 0, whatsapp: true,
        });
      });
      expect(items.find((p: { category: string }) => p.category === 'due')).toMatchObject({ updatedAt: null });
    }
  });

  it('keeps companies apart: another organization and an acting company see their own', async () => {
    await dev.call(app, 'PATCH', PATH, { body: { category: 'mention', push: false } });
    const other = await stack.developer();
    expect((await other.call(app, 'GET', PATH)).body.data.items.find((p: { category: string }) => p.category === 'mention').push).toBe(true);

    const workspace = (await dev.call(stack.auth, 'POST', '/api/v1/workspaces', { body: { name: 'W' } })).body.data.id;
    const company = (await dev.call(stack.auth, 'POST', `/api/v1/workspaces/${workspace}/companies`, { body: { name: 'C' } })).body.data.id;
    const acting = { 'x-workspace-id': workspace, 'x-acting-company-id': company };
    expect((await dev.call(app, 'GET', PATH, { headers: acting })).body.data.items.find((p: { category: string }) => p.category === 'mention').push).toBe(true);
    await dev.call(app, 'PATCH', PATH, { body: { category: 'mention', sms: true }, headers: acting });
    expect((await dev.call(app, 'GET', PATH)).body.data.items.find((p: { category: string }) => p.category === 'mention')).toMatchObject({ push: false, sms: false });
    expectError(await other.call(app, 'GET', PATH, { headers: acting }), 403, 'ACTING_COMPANY_FORBIDDEN');
  });

  it('validates the body', async () => {
    const missing = await dev.call(app, 'PATCH', PATH, { body: { sms: true } });
    expectError(missing, 400, 'VALIDATION_FAILED');
    expect(Object.keys(missing.body.errors)).toEqual(['category']);
    expectError(await dev.call(app, 'PATCH', PATH, { body: { category: 'billing' } }), 400, 'VALIDATION_FAILED');
    const notBoolean = await dev.call(app, 'PATCH', PATH, { body: { category: 'due', sms: 'yes', fax: true } });
    expectError(notBoolean, 400, 'VALIDATION_FAILED');
    expect(notBoolean.body.errors).toEqual({ sms: ['sms must be a boolean value'], fax: ['property fax should not exist'] });
    const french = await dev.call(app, 'PATCH', PATH, { body: {}, headers: { 'accept-language': 'fr' } });
    expect(french.body.message).toBe('La requête est invalide.');
  });

  it('needs the three headers and the app scopes', async () => {
    expectError(await call(app.url, 'GET', PATH), 401, 'AUTH_TOKEN_MISSING');
    const reader = await stack.developer({ scopes: ['app:read'] });
    expect((await reader.call(app, 'GET', PATH)).status).toBe(200);
    expectError(await reader.call(app, 'PATCH', PATH, { body: { category: 'due', sms: true } }), 403, 'INSUFFICIENT_SCOPE');
  });

  it('answers its root at /api/v1/app and publishes its OpenAPI document', async () => {
    expect((await call(app.url, 'GET', '/api/v1/app')).body.data.service).toBe('utilities');
    const openapi = await call(app.url, 'GET', '/api/v1/app/openapi.json');
    expect(openapi.body.paths[PATH].patch).toBeDefined();
    expect(openapi.body.components.schemas.UpdatePreferenceDto.properties.category.enum).toEqual(CATEGORIES);
  });
});
