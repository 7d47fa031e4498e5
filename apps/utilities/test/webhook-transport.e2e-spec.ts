import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { AddressInfo, getDefaultAutoSelectFamily, setDefaultAutoSelectFamily } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { newSigningSecret, signWebhook } from '../src/webhooks/transport/signature';
import { isDelivered, MAX_RETRY_AFTER_MS, sendWebhook, USER_AGENT } from '../src/webhooks/transport/webhook-sender';

const LOOPBACK = '127.0.0.0/8,::1/128';

interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A webhook receiver on loopback: counts the connections made to it and keeps what it was sent. */
class Receiver {
  connections = 0;
  readonly received: Received[] = [];
  port = 0;

  private constructor(
    private readonly server: Server,
    private readonly handle: (request: Received, response: ServerResponse) => void,
  ) {}

  static async start(handle: (request: Received, response: ServerResponse) => void, tls?: { key: Buffer; cert: Buffer }): Promise<Receiver> {
    let receiver!: Receiver;
    const onRequest = (request: IncomingMessage, response: ServerResponse) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const received = { method: request.method ?? '', url: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') };
        receiver.received.push(received);
        receiver.handle(received, response);
      });
    };
    const server = tls ? createHttpsServer(tls, onRequest) : createHttpServer(onRequest);
    receiver = new Receiver(server, handle);
    server.on(tls ? 'secureConnection' : 'connection', () => receiver.connections++);
    if (tls) server.on('connection', () => receiver.connections++);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    receiver.port = (server.address() as AddressInfo).port;
    return receiver;
  }

  url(path = '/hooks', host = '127.0.0.1'): string {
    return `http://${host}:${this.port}${path}`;
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

const answer =
  (status: number, body = '', headers: Record<string, string> = {}) =>
  (_: Received, response: ServerResponse) =>
    response.writeHead(status, headers).end(body);

describe('webhook transport (real receivers on loopback)', () => {
  const receivers: Receiver[] = [];
  const receiver = async (handle: (request: Received, response: ServerResponse) => void, tls?: { key: Buffer; cert: Buffer }) => {
    const started = await Receiver.start(handle, tls);
    receivers.push(started);
    return started;
  };
  afterAll(() => Promise.all(receivers.map((r) => r.stop())));

  const event = {
    id: 'evt_1',
    type: 'employee.created',
    occurredAt: '2026-11-26T12:00:00.000Z',
    companyId: 'cmp_1',
    data: { id: 'emp_1', name: 'Zoë' },
    version: 1,
  };
  const body = JSON.stringify(event);
  const signedHeaders = (secrets: string[], msgId = 'msg_1') => {
    const timestamp = Math.floor(Date.now() / 1000);
    return { 'webhook-id': msgId, 'webhook-timestamp': String(timestamp), 'webhook-signature': signWebhook(secrets, msgId, timestamp, body) };
  };
  const post = (url: string, options: { allowedNetworks?: string; timeoutMs?: number } = {}) =>
    sendWebhook({
      url,
      headers: signedHeaders([newSigningSecret()]),
      body,
      allowedNetworks: options.allowedNetworks ?? LOOPBACK,
      timeoutMs: options.timeoutMs,
    });

  it('delivers a signed JSON POST that the receiver verifies with standardwebhooks, with either secret of a rotation', async () => {
    const [current, previous] = [newSigningSecret(), newSigningSecret()];
    const verified: unknown[] = [];
    const target = await receiver((request, response) => {
      for (const secret of [current, previous]) verified.push(new Webhook(secret).verify(request.body, request.headers as Record<string, string>));
      response.writeHead(200, { 'content-type': 'text/plain' }).end('thanks');
    });
    const outcome = await sendWebhook({
      url: target.url('/hooks?tenant=1'),
      headers: signedHeaders([current, previous], 'msg_rotation'),
      body,
      allowedNetworks: LOOPBACK,
    });

    expect(outcome).toEqual({ statusCode: 200, durationMs: expect.any(Number), responseBody: 'thanks', retryAfterMs: null, error: null });
    expect(isDelivered(outcome)).toBe(true);
    expect(verified).toEqual([event, event]);
    const [request] = target.received;
    expect(request).toMatchObject({ method: 'POST', url: '/hooks?tenant=1', body });
    expect(request.headers).toMatchObject({
      'content-type': 'application/json',
      'user-agent': USER_AGENT,
      'webhook-id': 'msg_rotation',
      'content-length': String(Buffer.byteLength(body)),
    });
    expect(target.connections).toBe(1);
  });

  it('reports the status of a receiver that answers an error, and Retry-After only on 429 and 503', async () => {
    const failing = await receiver(answer(500, 'database down', { 'retry-after': '30' }));
    const gone = await receiver(answer(410, ''));
    const outcome = await post(failing.url());
    expect(outcome).toMatchObject({ statusCode: 500, responseBody: 'database down', retryAfterMs: null, error: null });
    expect(isDelivered(outcome)).toBe(false);
    expect(await post(gone.url())).toMatchObject({ statusCode: 410, responseBody: '', retryAfterMs: null, error: null });
  });

  it('reads Retry-After as seconds or as an HTTP date, capped at 24 hours', async () => {
    const inSeconds = await receiver(answer(429, 'slow down', { 'retry-after': '120' }));
    const asDate = await receiver(answer(503, '', { 'retry-after': new Date(Date.now() + 90_000).toUTCString() }));
    const forever = await receiver(answer(429, '', { 'retry-after': '999999999' }));
    const unreadable = await receiver(answer(503, '', { 'retry-after': 'soon' }));

    expect(await post(inSeconds.url())).toMatchObject({ statusCode: 429, retryAfterMs: 120_000, responseBody: 'slow down' });
    const dated = await post(asDate.url());
    expect(dated.statusCode).toBe(503);
    expect(dated.retryAfterMs).toBeGreaterThan(85_000);
    expect(dated.retryAfterMs).toBeLessThanOrEqual(90_000);
    expect((await post(forever.url())).retryAfterMs).toBe(MAX_RETRY_AFTER_MS);
    expect(await post(unreadable.url())).toMatchObject({ statusCode: 503, retryAfterMs: null });
  });

  it('does not follow a redirect: the 3xx is the outcome and the Location is never reached', async () => {
    const elsewhere = await receiver(answer(200, 'ok'));
    const redirecting = await receiver(answer(307, '', { location: elsewhere.url() }));
    const outcome = await post(redirecting.url());
    expect(outcome).toMatchObject({ statusCode: 307, error: null });
    expect(isDelivered(outcome)).toBe(false);
    expect(elsewhere.connections).toBe(0);
  });

  it('gives up on a receiver slower than the timeout, before or during its response', async () => {
    const silent = await receiver(() => undefined);
    const trickling = await receiver((_, response) => {
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.write('working');
    });
    const before = await post(silent.url(), { timeoutMs: 300 });
    expect(before).toMatchObject({ statusCode: null, error: 'timeout' });
    expect(before.durationMs).toBeGreaterThanOrEqual(290);
    expect(before.durationMs).toBeLessThan(2000);
    const during = await post(trickling.url(), { timeoutMs: 300 });
    expect(during).toMatchObject({ statusCode: 200, responseBody: 'working', error: 'timeout' });
    expect(isDelivered(during)).toBe(false);
  });

  it('reads a bounded part of a huge response, then closes the connection', async () => {
    let written = 0;
    let closed!: () => void;
    const receiverClosed = new Promise<void>((resolve) => (closed = resolve));
    const chunk = Buffer.alloc(16 * 1024, 'é'.repeat(8 * 1024));
    const flooding = await receiver((_, response) => {
      response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
      response.on('close', closed);
      const pump = () => {
        while (!response.destroyed && written < 1024 ** 3) {
          written += chunk.length;
          if (!response.write(chunk)) return response.once('drain', pump);
        }
      };
      pump();
    });
    const outcome = await post(flooding.url(), { timeoutMs: 10_000 });
    expect(outcome).toMatchObject({ statusCode: 200, error: null });
    expect(outcome.responseBody).toBe('é'.repeat(512));
    await receiverClosed;
    // what the sockets' buffers held, not the gigabyte offered
    expect(written).toBeLessThan(32 * 1024 * 1024);
  });

  it('keeps whole characters when the first 1024 bytes end inside one', async () => {
    const target = await receiver(answer(400, `x${'é'.repeat(600)}`));
    const outcome = await post(target.url());
    expect(outcome.responseBody).toBe(`x${'é'.repeat(511)}`);
    expect(Buffer.byteLength(outcome.responseBody)).toBe(1023);
  });

  it('refuses loopback without connecting when the allow-list is empty, however the host is written', async () => {
    const target = await receiver(answer(200, 'ok'));
    expect(await post(target.url(), { allowedNetworks: '' })).toMatchObject({ statusCode: null, error: 'forbidden address 127.0.0.1 (loopback)' });
    expect(await post(target.url('/hooks', '[::ffff:127.0.0.1]'), { allowedNetworks: '' })).toMatchObject({
      error: 'forbidden address ::ffff:7f00:1 (loopback)',
    });
    expect(await post(target.url('/hooks', '2130706433'), { allowedNetworks: '' })).toMatchObject({ error: 'forbidden address 127.0.0.1 (loopback)' });
    expect(await post(target.url(), { allowedNetworks: '::1/128' })).toMatchObject({ error: 'forbidden address 127.0.0.1 (loopback)' });
    expect(target.connections).toBe(0);
    expect(await post(target.url())).toMatchObject({ statusCode: 200, error: null });
    expect(target.connections).toBe(1);
  });

  // Node asks the lookup for every address when it may try several families (autoSelectFamily), for one otherwise
  it.each([true, false])(
    'refuses a host name that resolves to loopback, at connection time, unless loopback is allowed (autoSelectFamily %s)',
    async (autoSelectFamily) => {
      const saved = getDefaultAutoSelectFamily();
      setDefaultAutoSelectFamily(autoSelectFamily);
      try {
        const target = await receiver(answer(200, 'ok'));
        const refused = await post(target.url('/hooks', 'localhost'), { allowedNetworks: '10.0.0.0/8' });
        expect(refused).toMatchObject({ statusCode: null, responseBody: '', error: 'forbidden address 127.0.0.1 (loopback)' });
        expect(target.connections).toBe(0);
        expect(await post(target.url('/hooks', 'localhost'))).toMatchObject({ statusCode: 200, responseBody: 'ok', error: null });
        expect(target.connections).toBe(1);
      } finally {
        setDefaultAutoSelectFamily(saved);
      }
    },
  );

  it('keeps a connection for the next delivery to the same receiver, and never lends it to a stricter allow-list', async () => {
    const target = await receiver(answer(200, 'ok'));
    for (let i = 0; i < 3; i++) expect(await post(target.url('/hooks', 'localhost'))).toMatchObject({ statusCode: 200, error: null });
    expect(target.received).toHaveLength(3);
    expect(target.connections).toBe(1);
    // the idle connection was checked under the loopback allow-list: a delivery under another setting checks its own
    expect(await post(target.url('/hooks', 'localhost'), { allowedNetworks: '10.0.0.0/8' })).toMatchObject({
      statusCode: null,
      error: 'forbidden address 127.0.0.1 (loopback)',
    });
    expect(target.received).toHaveLength(3);
    expect(target.connections).toBe(1);
  });

  it('says why a delivery could not start: connection refused, unresolvable host, not a URL, a bad allow-list', async () => {
    const closed = await receiver(answer(200));
    const { port } = closed;
    await closed.stop();
    receivers.splice(receivers.indexOf(closed), 1);
    expect(await post(`http://127.0.0.1:${port}/hooks`)).toMatchObject({ statusCode: null, error: 'connection refused' });
    expect(await post('https://no-such-host.invalid/hooks')).toMatchObject({ statusCode: null, error: 'dns: host not found' });
    expect(await post('ftp://127.0.0.1/hooks')).toMatchObject({ statusCode: null, error: 'invalid url' });
    expect(await post('not a url')).toMatchObject({ statusCode: null, error: 'invalid url' });
    expect(await post('http://localhost/hooks', { allowedNetworks: '127.0.0.1' })).toMatchObject({
      statusCode: null,
      error: 'WEBHOOK_ALLOWED_NETWORKS: 127.0.0.1 is not a network in CIDR notation',
    });
  });

  it('refuses a receiver whose TLS certificate is not trusted, before sending anything', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'webhook-tls-'));
    try {
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'ec',
          '-pkeyopt',
          'ec_paramgen_curve:P-256',
          '-nodes',
          '-days',
          '1',
          '-subj',
          '/CN=localhost',
          '-addext',
          'subjectAltName=IP:127.0.0.1',
          '-keyout',
          join(dir, 'key.pem'),
          '-out',
          join(dir, 'cert.pem'),
        ],
        { stdio: 'ignore' },
      );
      const target = await receiver(answer(200, 'ok'), { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) });
      const outcome = await post(`https://127.0.0.1:${target.port}/hooks`);
      expect(outcome.statusCode).toBeNull();
      expect(outcome.error).toMatch(/^tls: self.signed certificate$/);
      expect(target.received).toHaveLength(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
