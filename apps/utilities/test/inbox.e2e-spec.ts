import { randomUUID } from 'node:crypto';
import { HrModule } from '../../hr/src/hr.module';
import { UtilitiesModule } from '../src/utilities.module';
import { Developer, expectError, RunningApp, TestStack } from '@test/support/stack';

const NOTIFICATIONS = '/api/v1/app/notifications';

describe('in-app inbox', () => {
  let stack: TestStack;
  let hr: RunningApp;
  let app: RunningApp;

  beforeAll(async () => {
    stack = await TestStack.start();
    hr = await stack.startApp(HrModule, 'hr');
    app = await stack.startApp(UtilitiesModule, 'utilities', { HR_URL: hr.url });
  });
  afterAll(() => stack.stop());

  async function post(dev: Developer, category: string, title: string, recipients?: string[]): Promise<string> {
    const sent = await dev.call(app, 'POST', NOTIFICATIONS, { body: { category, title, body: `${title} body`, ...(recipients ? { recipients } : {}) } });
    expect(sent.status).toBe(202);
    return sent.body.data.id;
  }
  const list = async (dev: Developer, query = '') => (await dev.call(app, 'GET', `${NOTIFICATIONS}${query}`)).body.data;
  const ids = (page: { items: { id: string }[] }) => page.items.map((item) => item.id);
  const counts = async (dev: Developer, query = '') => (await dev.call(app, 'GET', `${NOTIFICATIONS}/unread-counts${query}`)).body.data;

  it('lists newest first with filters, read state, counts per category and pagination', async () => {
    const dev = await stack.developer();
    const a = await post(dev, 'approval', 'A');
    const b = await post(dev, 'due', 'B');
    const c = await post(dev, 'approval', 'C');
    const d = await post(dev, 'general', 'D');

    const all = await list(dev);
    expect(all).toMatchObject({ page: 1, limit: 20, total: 4 });
    expect(ids(all)).toEqual([d, c, b, a]);
    expect(all.items[0]).toMatchObject({
      id: d,
      recipient: 'company',
      category: 'general',
      title: 'D',
      body: 'D body',
      data: null,
      read: false,
      readAt: null,
      archivedAt: null,
    });

    expect(ids(await list(dev, '?limit=3'))).toEqual([d, c, b]);
    expect(await list(dev, '?limit=3&page=2')).toMatchObject({ page: 2, limit: 3, total: 4, items: [{ id: a }] });
    expect(ids(await list(dev, '?category=approval'))).toEqual([c, a]);

    expect(await counts(dev)).toEqual({
      recipient: 'company',
      total: 4,
      byCategory: { assigned: 0, approval: 2, mention: 0, comment: 0, calendar: 0, drive: 0, crm: 0, due: 1, general: 1 },
    });

    const read = await dev.call(app, 'PATCH', `${NOTIFICATIONS}/${c}/read`);
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({ id: c, read: true });
    const readAt = read.body.data.readAt;
    expect(Date.parse(readAt)).toBeGreaterThan(Date.now() - 60_000);
    expect((await dev.call(app, 'PATCH', `${NOTIFICATIONS}/${c}/read`)).body.data.readAt).toBe(readAt);

    expect(ids(await list(dev, '?unread=true'))).toEqual([d, b, a]);
    expect(ids(await list(dev, '?unread=false'))).toEqual([c]);
    expect(ids(await list(dev, '?unread=true&category=approval'))).toEqual([a]);
    expect((await counts(dev)).byCategory.approval).toBe(1);

    const unread = await dev.call(app, 'PATCH', `${NOTIFICATIONS}/${c}/unread`);
    expect(unread.body.data).toMatchObject({ read: false, readAt: null });
    expect((await counts(dev)).total).toBe(4);

    const readApprovals = await dev.call(app, 'POST', `${NOTIFICATIONS}/read-all?category=approval`);
    expect(readApprovals.status).toBe(200);
    expect(readApprovals.body.data).toEqual({ updated: 2 });
    expect(ids(await list(dev, '?unread=true'))).toEqual([d, b]);
    expect((await dev.call(app, 'POST', `${NOTIFICATIONS}/read-all`)).body.data).toEqual({ updated: 2 });
    expect((await counts(dev)).total).toBe(0);
    expect((await list(dev, '?unread=true')).total).toBe(0);

    expectError(await dev.call(app, 'GET', `${NOTIFICATIONS}?unread=maybe`), 400, 'VALIDATION_FAILED');
    expectError(await dev.call(app, 'GET', `${NOTIFICATIONS}?category=billing`), 400, 'VALIDATION_FAILED');
    expectError(await dev.call(app, 'GET', `${NOTIFICATIONS}?limit=101`), 400, 'VALIDATION_FAILED');
  });

  it('archives: the item leaves the inbox and its counts; the notification is kept', async () => {
    const dev = await stack.developer();
    const keep = await post(dev, 'comment', 'Keep');
    const drop = await post(dev, 'comment', 'Drop');
    const archived = await dev.call(app, 'DELETE', `${NOTIFICATIONS}/${drop}`);
    expect(archived.status).toBe(200);
    expect(Date.parse(archived.body.data.archivedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(ids(await list(dev))).toEqual([keep]);
    expect((await counts(dev)).byCategory.comment).toBe(1);
    expectError(await dev.call(app, 'DELETE', `${NOTIFICATIONS}/${drop}`), 404, 'NOTIFICATION_NOT_FOUND');
    expectError(await dev.call(app, 'PATCH', `${NOTIFICATIONS}/${drop}/read`), 404, 'NOTIFICATION_NOT_FOUND');
    expect((await dev.call(app, 'POST', `${NOTIFICATIONS}/read-all`)).body.data).toEqual({ updated: 1 });
    const kept = await dev.call(app, 'GET', `${NOTIFICATIONS}/${drop}`);
    expect(kept.body.data).toMatchObject({ id: drop, title: 'Drop', inboxes: [{ recipient: 'company', archivedAt: archived.body.data.archivedAt }] });
  });

  it('each employee has an inbox of their own, apart from the company’s', async () => {
    const dev = await stack.developer();
    const hire = async (email: string) =>
      (
        await dev.call(hr, 'POST', '/api/v1/hr/employees', {
          body: {
            externalId: randomUUID().slice(0, 8),
            firstName: 'A',
            lastName: 'B',
            email,
            hireDate: '2024-01-01',
            jobTitle: 'J',
            department: 'D',
            status: 'active',
          },
        })
      ).body.data.id as string;
    const amina = await hire('amina@example.cm');
    const bruno = await hire('bruno@example.cm');
    const both = await post(dev, 'mention', 'Both', [amina, bruno]);
    const onlyAmina = await post(dev, 'mention', 'Amina', [amina]);
    const company = await post(dev, 'mention', 'Company');

    expect(ids(await list(dev, `?recipient=${amina}`))).toEqual([onlyAmina, both]);
    expect(ids(await list(dev, `?recipient=${bruno.toUpperCase()}`))).toEqual([both]);
    expect(ids(await list(dev))).toEqual([company]);

    await dev.call(app, 'PATCH', `${NOTIFICATIONS}/${both}/read?recipient=${amina}`);
    expect(await counts(dev, `?recipient=${amina}`)).toMatchObject({ recipient: amina, total: 1 });
    expect((await counts(dev, `?recipient=${bruno}`)).total).toBe(1);
    expectError(await dev.call(app, 'PATCH', `${NOTIFICATIONS}/${both}/read`), 404, 'NOTIFICATION_NOT_FOUND');
    expect((await dev.call(app, 'POST', `${NOTIFICATIONS}/read-all?recipient=${bruno}`)).body.data).toEqual({ updated: 1 });
    expect((await counts(dev)).total).toBe(1);
    const inboxes = (await dev.call(app, 'GET', `${NOTIFICATIONS}/${both}`)).body.data.inboxes;
    expect(inboxes.map((i: { recipient: string; readAt: string | null }) => [i.recipient, i.readAt !== null])).toEqual(
      [
        [amina, true],
        [bruno, true],
      ].sort((x, y) => String(x[0]).localeCompare(String(y[0]))),
    );
    expectError(await dev.call(app, 'GET', `${NOTIFICATIONS}?recipient=someone`), 400, 'VALIDATION_FAILED');
  });

  it('keeps companies apart, acting companies included', async () => {
    const dev = await stack.developer();
    const mine = await post(dev, 'drive', 'Mine');
    const workspace = (await dev.call(stack.auth, 'POST', '/api/v1/workspaces', { body: { name: 'W' } })).body.data.id;
    const client = (await dev.call(stack.auth, 'POST', `/api/v1/workspaces/${workspace}/companies`, { body: { name: 'Client' } })).body.data.id;
    const acting = { 'x-workspace-id': workspace, 'x-acting-company-id': client };
    const theirs = (await dev.call(app, 'POST', NOTIFICATIONS, { headers: acting, body: { category: 'drive', title: 'Client', body: 'b' } })).body.data.id;

    expect(ids((await dev.call(app, 'GET', NOTIFICATIONS, { headers: acting })).body.data)).toEqual([theirs]);
    expect(ids(await list(dev))).toEqual([mine]);
    expectError(await dev.call(app, 'PATCH', `${NOTIFICATIONS}/${theirs}/read`), 404, 'NOTIFICATION_NOT_FOUND');
    expectError(await dev.call(app, 'DELETE', `${NOTIFICATIONS}/${mine}`, { headers: acting }), 404, 'NOTIFICATION_NOT_FOUND');
    expect((await dev.call(app, 'POST', `${NOTIFICATIONS}/read-all`, { headers: acting })).body.data).toEqual({ updated: 1 });
    expect((await counts(dev)).total).toBe(1);
  });
});
