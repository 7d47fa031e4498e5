import { connect, Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { HrModule } from '../../apps/hr/src/hr.module';
import { eventually, sleep } from '@test/support/http';
import { RunningApp, TestStack } from '@test/support/stack';

/** A raw connection to `app`, keeping everything it receives and when the server closed it. */
async function rawConnection(app: RunningApp) {
  const socket: Socket = connect((app.app.getHttpServer().address() as AddressInfo).port, '127.0.0.1');
  const connection = { socket, received: '', closed: new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now()))) };
  socket.setEncoding('latin1');
  socket.on('data', (chunk: string) => (connection.received += chunk));
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  return connection;
}

/**
 * Sends a POST read up to its body, then closes `app` and waits until its HTTP server has stopped
 * listening: the request is in flight when the close begins. Writing `}` finishes its body.
 */
async function closeWithBodyPending(app: RunningApp, socket: Socket) {
  socket.write(
    'POST /api/v1/hr/employees HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{',
  );
  await sleep(100);
  let closedAt: number | undefined;
  const closing = app.close().then(() => (closedAt = Date.now()));
  await eventually(() => !app.app.getHttpServer().listening, 5_000, 'the HTTP server to stop listening');
  return { closing, closedAt: () => closedAt };
}

/**
 * A service closing (SIGTERM after the grace period, or a test's stop) while a client's request is
 * still being answered: the response goes out whole, and the kept-alive connection closes right
 * after it. Node leaves such a connection open for the next request, and the close waited for it
 * for the keep-alive timeout (72 s), past the graceful stop's 10 s limit and every test's.
 */
describe('a service closing with a request in flight', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await TestStack.start({ redis: false });
  });
  afterAll(() => stack.stop());

  it('answers it, then closes the connection at once instead of holding the close for the keep-alive timeout', async () => {
    const hr = await stack.startApp(HrModule, 'hr');
    const connection = await rawConnection(hr);
    const { closing, closedAt } = await closeWithBodyPending(hr, connection.socket);
    expect(closedAt()).toBeUndefined();

    connection.socket.write('}');
    await eventually(() => connection.received.includes('\r\n\r\n') && connection.received.includes('"success":false'), 5_000, 'the response');
    const answeredAt = Date.now();
    const { received } = connection;
    expect(received).toMatch(/^HTTP\/1\.1 401 /);
    expect(received.toLowerCase()).toContain('connection: keep-alive');
    expect(JSON.parse(received.slice(received.indexOf('\r\n\r\n') + 4))).toMatchObject({ success: false, statusCode: 401 });

    // the server closes the connection it had just kept alive, and the app finishes closing
    const socketClosedAt = await Promise.race([connection.closed, sleep(5_000).then(() => undefined)]);
    expect(socketClosedAt).toBeDefined();
    expect(socketClosedAt! - answeredAt).toBeLessThan(2_000);
    await Promise.race([closing, sleep(10_000)]);
    expect(closedAt()).toBeDefined();
    expect(closedAt()! - answeredAt).toBeLessThan(5_000);
    connection.socket.destroy();
  });

  it('serves a request that arrives during the close, pipelined behind one in flight, and then closes', async () => {
    const hr = await stack.startApp(HrModule, 'hr');
    const connection = await rawConnection(hr);
    const { closing } = await closeWithBodyPending(hr, connection.socket);
    connection.socket.write('}GET /healthz/live HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');

    await Promise.race([connection.closed, sleep(5_000)]);
    const responses = connection.received.split(/(?=HTTP\/1\.1 )/);
    expect(responses.map((response) => response.slice(0, 12))).toEqual(['HTTP/1.1 401', 'HTTP/1.1 200']);
    expect(responses[1].toLowerCase()).toContain('connection: close');
    expect(connection.socket.readyState).toBe('closed');
    await Promise.race([closing, sleep(10_000).then(() => Promise.reject(new Error('the app did not finish closing')))]);
  });
});
