import { DataSource } from 'typeorm';
import { NotificationPreference } from '../src/notifications/notification-preference.entity';
import { UtilitiesModule } from '../src/utilities.module';
import { call } from '@test/support/http';
import { Developer, expectError, RunningApp, TestStack } from '@test/support/stack';

const PATH = '/api/v1/app/notifications/preferences';
const CATEGORIES = ['assigned', 'approval', 'mention', 'comment', 'calendar', 'drive', 'crm', 'due', 'general'];

describe('notification preferences', () => {
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

  it("reads a company's list once for the GETs that find it missing together", async () => {
    const reader = await stack.developer();
    await reader.call(app, 'PATCH', PATH, { body: { category: 'crm', push: false } });
    const reads = jest.spyOn(app.app.get(DataSource).getRepository(NotificationPreference), 'findBy');
    try {
      // the write dropped the company's list: 40 GETs at once, each on its own connection, find none
      const results = await Promise.all(Array.from({ length: 40 }, () => reader.call(app, 'GET', PATH)));
      expect(results.map((result) => result.status)).toEqual(Array(40).fill(200));
      for (const result of results) expect(result.body.data.items.find((p: { category: string }) => p.category === 'crm')).toMatchObject({ push: false });
      expect(reads).toHaveBeenCalledTimes(1);
    } finally {
      reads.mockRestore();
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
      ['inApp', 'email', 'push', 'sms', 'whatsapp'].map((flag) =>
        racer.call(app, 'PATCH', PATH, { body: { category: 'crm', [flag]: flag === 'sms' || flag === 'whatsapp' } }),
      ),
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
          inApp: true,
          email: (c + r) % 2 === 1,
          push: false,
          sms: (c + r) % 2 === 0,
          whatsapp: true,
        });
      });
      expect(items.find((p: { category: string }) => p.category === 'due')).toMatchObject({ updatedAt: null });
    }
  });

  it('applies concurrent writes of one row one after another, each answer the row after its own write', async () => {
    const writer = await stack.developer();
    const flags = ['inApp', 'email', 'push', 'sms', 'whatsapp'];
    // 30 writes of two rows at once, each turning one flag away from its default.
    const writes = Array.from({ length: 30 }, (_, i) => ({ category: i % 2 ? 'drive' : 'due', flag: flags[Math.floor(i / 2) % flags.length] }));
    const turned = (flag: string) => flag === 'sms' || flag === 'whatsapp';
    const results = await Promise.all(writes.map(({ category, flag }) => writer.call(app, 'PATCH', PATH, { body: { category, [flag]: turned(flag) } })));
    for (const category of ['due', 'drive']) {
      const answers = results
        .filter((_, i) => writes[i].category === category)
        .map((result, i) => {
          expect(result.status).toBe(200);
          return { own: writes.filter((w) => w.category === category)[i].flag, row: result.body.data };
        });
      const changed = (row: Record<string, unknown>) => flags.filter((flag) => row[flag] === turned(flag));
      // One after another: the flags each answer shows changed include its own, and the answers,
      // ordered by how many they show, each hold all of the one before (no write lost or mixed).
      const ordered = answers.map((answer) => ({ ...answer, changed: changed(answer.row) })).sort((a, b) => a.changed.length - b.changed.length);
      ordered.forEach((answer, i) => {
        expect(answer.changed).toContain(answer.own);
        if (i) expect(answer.changed).toEqual(expect.arrayContaining(ordered[i - 1].changed));
      });
      const stored = (await writer.call(app, 'GET', PATH)).body.data.items.find((p: { category: string }) => p.category === category);
      expect(changed(stored)).toEqual(flags);
    }
  });

  it('goes on writing after PostgreSQL ends the connection the writes go on', async () => {
    const writer = await stack.developer();
    expect((await writer.call(app, 'PATCH', PATH, { body: { category: 'calendar', push: false } })).status).toBe(200);
    const dataSource = app.app.get(DataSource);
    const pipeline = `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'platform-utilities-pipeline'`;
    const [{ pid }] = await dataSource.query(pipeline);
    expect(await dataSource.query('SELECT pg_terminate_backend($1) AS ended', [pid])).toEqual([{ ended: true }]);
    while ((await dataSource.query(pipeline)).length) await new Promise((resolve) => setTimeout(resolve, 20));

    const after = await writer.call(app, 'PATCH', PATH, { body: { category: 'calendar', sms: true } });
    expect(after.status).toBe(200);
    expect(after.body.data).toMatchObject({ category: 'calendar', push: false, sms: true });
    const [reopened] = await dataSource.query(pipeline);
    expect(reopened.pid).not.toBe(pid);
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
    expect((await dev.call(app, 'GET', PATH)).body.data.items.find((p: { category: string }) => p.category === 'mention')).toMatchObject({
      push: false,
      sms: false,
    });
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
    const nulls = await dev.call(app, 'PATCH', PATH, { body: { category: 'approval', sms: null, inApp: null } });
    expectError(nulls, 400, 'VALIDATION_FAILED');
    expect(nulls.body.errors).toEqual({ inApp: ['inApp must be a boolean value'], sms: ['sms must be a boolean value'] });
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
