import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * The HTTP side of the operators' fakes: a loopback server with a small router, the faults a
 * test or the bench switches on, and the callbacks an operator sends. Plain `node:http`: a fake
 * answers byte for byte what the operator documents (status codes, empty bodies, headers), with
 * nothing of the suite's own pipeline in between.
 */

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  /** The raw body; `json` is it parsed when it was JSON, `form` when it was a form. */
  body: string;
  json?: unknown;
  form?: URLSearchParams;
  params: Record<string, string>;
}

export interface FakeReply {
  status: number;
  headers?: Record<string, string>;
  /** An object is sent as JSON; a string as it is; undefined as an empty body. */
  body?: unknown;
}

export type FakeHandler = (request: FakeRequest) => FakeReply | Promise<FakeReply>;

/**
 * A fault on a call: `timeout` never answers (the socket stays open until the caller gives up),
 * `reset` destroys the connection, `500`/`503` answer that status. `after` says whether the
 * operator did the work before the fault (the answer is lost, the payment exists) or not.
 */
export interface Fault {
  kind: 'timeout' | 'reset' | '500' | '503';
  after: boolean;
}

/** A fault planted for the next matching call(s). */
interface PlantedFault extends Fault {
  method?: string;
  path?: RegExp;
  times: number;
}

/** A seeded generator (mulberry32): the same seed injects the same faults in the same order. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Faults by plan (`plant`) or by rate (`setRate`), applied to the calls that change something or all. */
export class Faults {
  private planted: PlantedFault[] = [];
  private rate = 0;
  private kinds: Fault[] = [];
  private random = seededRandom(1);
  /** Every fault injected, in order: a test or the bench says how many of each it caused. */
  readonly injected: Array<Fault & { method: string; path: string }> = [];

  /** The next `times` calls matching `method` and `path` get `fault`. */
  plant(fault: Fault & { method?: string; path?: RegExp; times?: number }): void {
    this.planted.push({ ...fault, times: fault.times ?? 1 });
  }

  /** A share of calls (0–1) gets one of `kinds`, chosen by a generator seeded with `seed`. */
  setRate(rate: number, kinds: Fault[], seed = 1): void {
    this.rate = rate;
    this.kinds = kinds;
    this.random = seededRandom(seed);
  }

  clear(): void {
    this.planted = [];
    this.rate = 0;
    this.kinds = [];
  }

  /** The fault for this call, if any. */
  pick(method: string, path: string): Fault | undefined {
    const index = this.planted.findIndex((f) => (!f.method || f.method === method) && (!f.path || f.path.test(path)));
    let fault: Fault | undefined;
    if (index >= 0) {
      const planted = this.planted[index];
      if (--planted.times <= 0) this.planted.splice(index, 1);
      fault = { kind: planted.kind, after: planted.after };
    } else if (this.rate > 0 && this.kinds.length && this.random() < this.rate) {
      fault = this.kinds[Math.floor(this.random() * this.kinds.length)];
    }
    if (fault) this.injected.push({ ...fault, method, path });
    return fault;
  }
}

interface Route {
  method: string;
  pattern: RegExp;
  keys: string[];
  handler: FakeHandler;
  /** Whether the route may get faults (every route but the fakes' own control routes). */
  faulty: boolean;
}

/** At most this much body is read: the operators' requests are small. */
const MAX_BODY_BYTES = 64 * 1024;

export class FakeHttpServer {
  private readonly routes: Route[] = [];
  private server?: Server;
  private readonly sockets = new Set<Socket>();
  readonly faults = new Faults();
  /** Every call received, in order (method, path, headers): tests read the references sent. */
  readonly calls: Array<{ method: string; path: string; headers: IncomingMessage['headers']; body: string; status?: number }> = [];
  url = '';

  constructor(private readonly name: string) {}

  /** `path` is literal but for `:name` segments, which the handler reads in `params`. */
  route(method: string, path: string, handler: FakeHandler, options: { faulty?: boolean } = {}): void {
    const keys: string[] = [];
    const source = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:(\w+)/g, (_, key: string) => (keys.push(key), '([^/]+)'));
    this.routes.push({ method, pattern: new RegExp(`^${source}$`), keys, handler, faulty: options.faulty ?? true });
  }

  async listen(port = 0, host = '127.0.0.1'): Promise<string> {
    const server = createServer((request, response) => void this.handle(request, response));
    server.keepAliveTimeout = 5_000;
    server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
    this.server = server;
    const address = server.address() as AddressInfo;
    this.url = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
    return this.url;
  }

  async close(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://fake');
    const method = request.method ?? 'GET';
    let body: string;
    try {
      body = await readBody(request);
    } catch {
      return void send(response, { status: 413, body: { code: 'PAYLOAD_TOO_LARGE', message: `${this.name}: body too large` } });
    }
    const call = { method, path: url.pathname, headers: request.headers, body, status: undefined as number | undefined };
    this.calls.push(call);
    for (const route of this.routes) {
      if (route.method !== method) continue;
      const match = route.pattern.exec(url.pathname);
      if (!match) continue;
      const params = Object.fromEntries(route.keys.map((key, i) => [key, decodeURIComponent(match[i + 1])]));
      const fault = route.faulty ? this.faults.pick(method, url.pathname) : undefined;
      if (fault && !fault.after) return this.fail(fault, response, call);
      const fakeRequest: FakeRequest = { method, path: url.pathname, query: url.searchParams, headers: request.headers, body, params };
      const type = String(request.headers['content-type'] ?? '');
      if (body && type.includes('json')) {
        try {
          fakeRequest.json = JSON.parse(body);
        } catch {
          fakeRequest.json = undefined;
        }
      }
      if (type.includes('application/x-www-form-urlencoded')) fakeRequest.form = new URLSearchParams(body);
      let reply: FakeReply;
      try {
        reply = await route.handler(fakeRequest);
      } catch (error) {
        reply = { status: 500, body: { code: 'INTERNAL_PROCESSING_ERROR', message: `${this.name}: ${(error as Error).message}` } };
      }
      if (fault) return this.fail(fault, response, call);
      call.status = reply.status;
      return void send(response, reply);
    }
    call.status = 404;
    send(response, { status: 404, body: { code: 'RESOURCE_NOT_FOUND', message: `${this.name}: no route ${method} ${url.pathname}` } });
  }

  private fail(fault: Fault, response: ServerResponse, call: { status?: number }): void {
    if (fault.kind === 'timeout') return; // the caller's timeout ends it; close() destroys the socket
    if (fault.kind === 'reset') return void response.socket?.destroy();
    call.status = Number(fault.kind);
    const code = fault.kind === '503' ? 'SERVICE_UNAVAILABLE' : 'INTERNAL_PROCESSING_ERROR';
    send(response, { status: Number(fault.kind), body: { code, message: `${this.name}: injected fault` } });
  }
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        request.destroy();
        return reject(new Error('too large'));
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function send(response: ServerResponse, reply: FakeReply): void {
  const headers: Record<string, string> = { ...reply.headers };
  let payload = '';
  if (reply.body !== undefined) {
    payload = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
    headers['content-type'] ??= typeof reply.body === 'string' ? 'text/plain' : 'application/json';
  }
  headers['content-length'] = String(Buffer.byteLength(payload));
  response.writeHead(reply.status, headers);
  response.end(payload);
}

/** How an operator's callbacks misbehave: each switch on its own. */
export interface CallbackSwitches {
  /** Share of callbacks never sent (0–1). */
  drop: number;
  /** Share of callbacks sent twice. */
  duplicate: number;
  /** Wait before sending, ms. */
  delayMs: number;
  /** Send an outdated body (the transaction as it was before its final status) after the final one. */
  reorder: boolean;
}

export const NO_CALLBACK_FAULTS: CallbackSwitches = { drop: 0, duplicate: 0, delayMs: 0, reorder: false };

/** Sends an operator's callbacks (a notification is one HTTP request, no retry unless `retries`). */
export class CallbackSender {
  switches: CallbackSwitches = { ...NO_CALLBACK_FAULTS };
  /** How many times a failed callback is tried again, 1 s apart. */
  retries = 0;
  private random = seededRandom(7);
  private readonly timers = new Set<NodeJS.Timeout>();
  readonly sent: Array<{ url: string; method: string; body: unknown; status?: number; error?: string }> = [];

  seed(seed: number): void {
    this.random = seededRandom(seed);
  }

  /** Sends `body` to `url` as the switches say; `before`, with `reorder`, is sent after it. */
  send(url: string, method: 'PUT' | 'POST', body: unknown, before?: unknown): void {
    if (this.random() < this.switches.drop) return;
    const copies = this.random() < this.switches.duplicate ? 2 : 1;
    const later = (ms: number, work: () => void) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        work();
      }, ms);
      this.timers.add(timer);
    };
    later(this.switches.delayMs, () => {
      for (let i = 0; i < copies; i++) void this.deliver(url, method, body, this.retries);
      if (this.switches.reorder && before !== undefined) later(50, () => void this.deliver(url, method, before, 0));
    });
  }

  private async deliver(url: string, method: string, body: unknown, retriesLeft: number): Promise<void> {
    const record: (typeof this.sent)[number] = { url, method, body };
    this.sent.push(record);
    try {
      const response = await fetch(url, {
        method,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(2_000),
      });
      record.status = response.status;
      await response.arrayBuffer().catch(() => undefined);
      if (response.status >= 500 && retriesLeft > 0) this.retryLater(url, method, body, retriesLeft);
    } catch (error) {
      record.error = (error as Error).message;
      if (retriesLeft > 0) this.retryLater(url, method, body, retriesLeft);
    }
  }

  private retryLater(url: string, method: string, body: unknown, retriesLeft: number): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void this.deliver(url, method, body, retriesLeft - 1);
    }, 1_000);
    this.timers.add(timer);
  }

  stop(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}
