import type { Server } from 'node:http';

/** How often a closing server looks for connections whose last response has gone out. */
const REAP_EVERY_MS = 50;

/**
 * Closes a server's keep-alive connections as they fall idle, from now until the server has
 * closed. Call it just before `server.close()`.
 *
 * `server.close()` stops accepting connections and closes those idle at that moment, then waits for
 * the rest to end. A connection whose request is still being answered is not closed after its
 * response: Node keeps it alive for the next request, until the client closes it or the server's
 * keep-alive timeout passes (72 s here). A client with a request in flight at shutdown, the usual
 * case under load, kept the close waiting that long. Meanwhile the shutdown hooks after the HTTP
 * server (the rate limits' last writes, the pool's end) had not run, and the graceful stop gives
 * up after 10 s.
 */
export function closeConnectionsAsTheyFallIdle(server: Server, everyMs = REAP_EVERY_MS): void {
  if (!server.listening) return;
  server.closeIdleConnections();
  const reaper = setInterval(() => server.closeIdleConnections(), everyMs);
  reaper.unref();
  server.once('close', () => clearInterval(reaper));
}
