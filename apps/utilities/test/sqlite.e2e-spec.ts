import { UtilitiesModule } from '../src/utilities.module';
import { expectError, RunningApp, TestStack } from '../../../test/support/stack';
import { eventually, TestProviderServer } from './channel-servers';
import { fetchBytes, fetchLink, FILES, PNG, upload } from './files-support';

const NOTIFICATIONS = '/api/v1/app/notifications';

/** The one-machine store: notifications (with the worker's serialized claims) and files on SQLite. */
describe('utilities on the one-machine SQLite store', () => {
  let stack: TestStack;
  let app: RunningApp;
  let provider: TestProviderServer;

  beforeAll(async () => {
    stack = await TestStack.start();
    provider = await TestProviderServer.start();
    provider.script.set('/sms', [500]);
    app = await stack.startApp(UtilitiesModule, 'utilities', {
      DATABASE_URL: '',
      SMS_PROVIDER_URL: `${provider.url}/sms`,
      NOTIFICATION_POLL_MS: '50',
      NOTIFICATION_RETRY_BASE_MS: '50',
    });
  });
  afterAll(async () => {
    await stack.stop();
    await provider.stop();
  });

  it('sends through the providers and the outbox, retrying, and keeps the inbox', async () => {
    const dev = await stack.developer();
    await dev.call(app, 'PATCH', `${NOTIFICATIONS}/preferences`, { body: { category: 'approval', sms: true } });
    const sent = await Promise.all(
      [1, 2, 3].map((n) => dev.call(app, 'POST', NOTIFICATIONS, { body: { category: 'approval', title: `N${n}`, body: 'b', recipients: [`+23767700000${n}`, `n${n}@example.cm`] } })),
    );
    expect(sent.map((s) => s.status)).toEqual([202, 202, 202]);
    for (const { body } of sent) {
      const notification = await eventually(async () => {
        const data = (await dev.call(app, 'GET', `${NOTIFICATIONS}/${body.data.id}`)).body.data;
        return data.deliveries.every((d: { status: string }) => d.status === 'sent') && data;
      }, 10_000, 'deliveries sent');
      expect(notification.deliveries.map((d: { channel: string; attempts: { provider: string }[] }) => [d.channel, d.attempts.at(-1)!.provider])).toEqual([
        ['email', 'outbox'],
        ['sms', 'http'],
      ]);
    }
    expect(provider.requests.filter((r) => r.path === '/sms').map((r) => r.status).sort()).toEqual([200, 200, 200, 500]);

    const inbox = await dev.call(app, 'POST', NOTIFICATIONS, { body: { category: 'general', title: 'Hello', body: 'b' } });
    await dev.call(app, 'PATCH', `${NOTIFICATIONS}/${inbox.body.data.id}/read`);
    expect((await dev.call(app, 'GET', `${NOTIFICATIONS}?unread=false`)).body.data.items.map((i: { id: string }) => i.id)).toEqual([inbox.body.data.id]);
    expect((await dev.call(app, 'GET', `${NOTIFICATIONS}/unread-counts`)).body.data.total).toBe(0);
  });

  it('refuses a null preference flag with 400 VALIDATION_FAILED, as on PostgreSQL, where the NOT NULL column answered 500', async () => {
    const dev = await stack.developer();
    const nulled = await dev.call(app, 'PATCH', `${NOTIFICATIONS}/preferences`, { body: { category: 'approval', sms: null } });
    expectError(nulled, 400, 'VALIDATION_FAILED');
    expect(nulled.body.errors).toEqual({ sms: ['sms must be a boolean value'] });
    expect((await dev.call(app, 'PATCH', `${NOTIFICATIONS}/preferences`, { body: { category: 'approval', sms: true } })).body.data).toMatchObject({ sms: true });
  });

  it('stores and serves files; a change of visibility or revoke-links kills the links given before', async () => {
    const dev = await stack.developer();
    const file = (await upload(dev, app, { content: PNG, filename: 'a.png', fields: { visibility: 'public' } })).body.data;
    expect(file).toMatchObject({ contentType: 'image/png', size: PNG.length });
    const range = await fetchBytes(`${app.url}${FILES}/${file.id}/content`, dev.headers({ range: 'bytes=1-3' }));
    expect(range.bytes.toString('latin1')).toBe('PNG');
    expect((await fetchLink(app, file.publicUrl)).bytes.equals(PNG)).toBe(true);
    expect((await dev.call(app, 'GET', FILES)).body.data.total).toBe(1);

    await dev.call(app, 'PATCH', `${FILES}/${file.id}`, { body: { visibility: 'internal' } });
    const republished = (await dev.call(app, 'PATCH', `${FILES}/${file.id}`, { body: { visibility: 'public' } })).body.data;
    expect((await fetchLink(app, file.publicUrl)).json).toMatchObject({ code: 'FILE_LINK_INVALID', statusCode: 403 });
    const revoked = (await dev.call(app, 'POST', `${FILES}/${file.id}/revoke-links`)).body.data;
    expect((await fetchLink(app, republished.publicUrl)).status).toBe(403);
    expect((await fetchLink(app, revoked.publicUrl)).bytes.equals(PNG)).toBe(true);
    expect((await dev.call(stack.auth, 'GET', '/api/v1/authorize/usage')).body.data.fileLinkDownloads).toEqual({ used: 2 });
  });
});
