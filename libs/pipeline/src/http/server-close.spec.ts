import { Agent, createServer, get, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeConnectionsAsTheyFallIdle } from './server-close';

/** A keep-alive server whose answers take `delayMs`, as Fastify sets it up (72 s keep-alive). */
async function slowServer(delayMs: number): Promise<Server> {
  const server = createServer((request, response) => setTimeout(() => response.end('done'), delayMs));
  server.keepAliveTimeout = 72_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

/** Sends a GET on a keep-alive agent; resolves with the status and body once the response has ended. */
function call(server: Server, agent: Agent): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    get({ host: '127.0.0.1', port: (server.address() as AddressInfo).port, agent }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    }).on('error', reject);
  });
}

/** Closes the server while a request is in flight; answers whether the close finished within `withinMs`. */
async function closeDuringRequest(reap: boolean, withinMs: number) {
  const server = await slowServer(200);
  const agent = new Agent({ keepAlive: true });
  const answer = call(server, agent);
  await new Promise((resolve) => setTimeout(resolve, 50));
  const startedAt = Date.now();
  if (reap) closeConnectionsAsTheyFallIdle(server, 20);
  const closed = new Promise<number>((resolve) => server.close(() => resolve(Date.now() - startedAt)));
  const result = await Promise.race([closed, new Promise<null>((resolve) => setTimeout(() => resolve(null), withinMs))]);
  const response = await answer;
  agent.destroy();
  server.closeAllConnections();
  await closed;
  return { closedAfterMs: result, response };
}

describe('closeConnectionsAsTheyFallIdle', () => {
  it('lets a server close right after the response in flight, which is still delivered whole', async () => {
    const { closedAfterMs, response } = await closeDuringRequest(true, 2_000);
    expect(response).toEqual({ status: 200, body: 'done' });
    expect(closedAfterMs).not.toBeNull();
    expect(closedAfterMs!).toBeGreaterThanOrEqual(100);
    expect(closedAfterMs!).toBeLessThan(1_000);
  });

  it('is needed: without it the close waits on the kept-alive connection', async () => {
    const { closedAfterMs, response } = await closeDuringRequest(false, 1_000);
    expect(response).toEqual({ status: 200, body: 'done' });
    expect(closedAfterMs).toBeNull();
  });

  it('does nothing to a server that is not listening', () => {
    const server = createServer();
    expect(() => closeConnectionsAsTheyFallIdle(server)).not.toThrow();
    expect(server.listenerCount('close')).toBe(0);
  });
});
