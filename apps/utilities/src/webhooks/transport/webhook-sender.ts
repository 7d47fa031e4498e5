import { lookup, LookupAddress, LookupOptions } from 'node:dns';
import * as http from 'node:http';
import * as https from 'node:https';
import { isIP, LookupFunction } from 'node:net';
import { performance } from 'node:perf_hooks';
import { StringDecoder } from 'node:string_decoder';
import { addressRefusal, allowedNetworkList, RefusedNetwork, urlHost } from './network-guard';

export interface WebhookRequest {
  url: string;
  /** The Standard Webhooks headers (`webhook-id`, `webhook-timestamp`, `webhook-signature`) and any other. */
  headers: Record<string, string>;
  /** The JSON text sent, exactly the one signed. */
  body: string;
  /** For the whole attempt: resolving, connecting, TLS, sending, the response's headers and body. */
  timeoutMs?: number;
  /** WEBHOOK_ALLOWED_NETWORKS: the networks besides the public internet this delivery may reach. */
  allowedNetworks: string;
}

export interface SendOutcome {
  /** The receiver's status, null when no response came. A 3xx is an answer like any other: redirects are never followed. */
  statusCode: number | null;
  durationMs: number;
  /** The first 1024 bytes of the response body as UTF-8 (a character cut at the end is left out). */
  responseBody: string;
  /** On 429 and 503, how long the receiver asked to wait (Retry-After in seconds or as an HTTP date), at most 24 hours. */
  retryAfterMs: number | null;
  /** Why the attempt did not complete: `timeout`, `connection refused`, `forbidden address 10.0.0.1 (private-network)`, `tls: …`; null when a whole response came. */
  error: string | null;
}

export const USER_AGENT = 'Platform-Webhooks/1';
const DEFAULT_TIMEOUT_MS = 15_000;
/** What is read of a response before the connection is closed: a receiver cannot make us hold more. */
export const MAX_RESPONSE_READ_BYTES = 64 * 1024;
export const RESPONSE_BODY_BYTES = 1024;
export const MAX_RETRY_AFTER_MS = 24 * 3600 * 1000;

/** Whether the receiver took the delivery: a whole 2xx response within the time allowed. */
export function isDelivered(outcome: SendOutcome): boolean {
  return outcome.error === null && outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
}

class ForbiddenAddressError extends Error {
  constructor(address: string, network: RefusedNetwork) {
    super(`forbidden address ${address} (${network})`);
  }
}

/**
 * The lookup the connection itself uses: every address the name resolves to is checked, and the
 * socket connects to one of those very addresses, so no second resolution (DNS rebinding) can
 * send it elsewhere. One refused address refuses the name, as at endpoint creation.
 */
function guardedLookup(allowedNetworks: string): LookupFunction {
  return (
    hostname: string,
    options: LookupOptions,
    callback: (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
  ) => {
    lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '');
      for (const { address } of addresses) {
        const network = addressRefusal(address, allowedNetworks);
        if (network) return callback(new ForbiddenAddressError(address, network), '');
      }
      if (!addresses.length) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), '');
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

const NETWORK_ERRORS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  EPIPE: 'connection reset',
  ENOTFOUND: 'dns: host not found',
  EAI_AGAIN: 'dns: temporary failure',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ETIMEDOUT: 'timeout',
};
const TLS_ERROR = /^(ERR_TLS_|ERR_SSL_|ERR_OSSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|HOSTNAME_MISMATCH)/;

function describeError(error: unknown): string {
  if (error instanceof ForbiddenAddressError) return error.message;
  // a connection tried on several addresses fails with each one's error
  const first = error instanceof AggregateError && error.errors.length ? error.errors[0] : error;
  const { code, message } = first as NodeJS.ErrnoException;
  if (code && NETWORK_ERRORS[code]) return NETWORK_ERRORS[code];
  if ((code && TLS_ERROR.test(code)) || /\b(ssl|tls)\b/i.test(message ?? '')) return `tls: ${message}`.slice(0, 200);
  return `${code ?? 'error'}: ${message ?? String(first)}`.slice(0, 200);
}

/**
 * The three forms of an HTTP date (RFC 9110 §5.6.7) start with the day's name (Date.parse alone
 * would read `-5` as a year); all are GMT, which asctime's form does not say.
 */
const HTTP_DATE = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*,? /;

/** Retry-After as seconds or an HTTP date, in milliseconds from now; null when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | null {
  const text = value?.trim() ?? '';
  const ms = /^\d+$/.test(text) ? Number(text) * 1000 : HTTP_DATE.test(text) ? Date.parse(/ GMT$/.test(text) ? text : `${text} GMT`) - now : NaN;
  return Number.isNaN(ms) ? null : Math.min(Math.max(ms, 0), MAX_RETRY_AFTER_MS);
}

function firstCharacters(chunks: Buffer[]): string {
  return new StringDecoder('utf8').write(Buffer.concat(chunks).subarray(0, RESPONSE_BODY_BYTES));
}

/** Idle connections to receivers close after this long (or sooner when the receiver says so: `Keep-Alive: timeout=`). */
const IDLE_SOCKET_MS = 4000;
/** Connections to one receiver (host and port) at once, per allowed-networks setting. */
const SOCKETS_PER_RECEIVER = 16;

/**
 * Kept-alive connections, a pool per WEBHOOK_ALLOWED_NETWORKS value and protocol: a socket is
 * only ever reused under the setting whose guard checked the address it connected to. Reusing
 * it is safe from DNS rebinding: it stays connected to that checked address.
 */
const agents = new Map<string, http.Agent>();

function agentFor(protocol: 'http:' | 'https:', allowedNetworks: string): http.Agent {
  const key = `${protocol}${allowedNetworks}`;
  let agent = agents.get(key);
  if (!agent) {
    const options = {
      keepAlive: true,
      maxSockets: SOCKETS_PER_RECEIVER,
      maxFreeSockets: SOCKETS_PER_RECEIVER,
      timeout: IDLE_SOCKET_MS,
      lookup: guardedLookup(allowedNetworks),
    };
    agent = protocol === 'https:' ? new https.Agent(options) : new http.Agent(options);
    agents.set(key, agent);
  }
  return agent;
}

/**
 * One delivery attempt: a POST of the signed JSON, never throwing (every failure is in
 * `outcome.error`). The address is checked where the connection is made: a literal IP in the
 * URL before anything is sent (Node does not look those up), a name by the lookup of the socket
 * itself. Redirects are not followed. A connection that carried a whole response is kept for the
 * next delivery to the same receiver (deliveries of a busy endpoint come in bursts); any other
 * is closed.
 */
export function sendWebhook({ url, headers, body, timeoutMs = DEFAULT_TIMEOUT_MS, allowedNetworks }: WebhookRequest): Promise<SendOutcome> {
  const started = performance.now();
  const outcome = (fields: Partial<SendOutcome>): SendOutcome => ({
    statusCode: null,
    responseBody: '',
    retryAfterMs: null,
    error: null,
    ...fields,
    durationMs: Math.round(performance.now() - started),
  });

  try {
    allowedNetworkList(allowedNetworks);
  } catch (error) {
    return Promise.resolve(outcome({ error: (error as Error).message }));
  }
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return Promise.resolve(outcome({ error: 'invalid url' }));
  }
  if (target.protocol !== 'https:' && target.protocol !== 'http:') return Promise.resolve(outcome({ error: 'invalid url' }));
  const host = urlHost(target);
  if (isIP(host)) {
    const network = addressRefusal(host, allowedNetworks);
    if (network) return Promise.resolve(outcome({ error: new ForbiddenAddressError(host, network).message }));
  }

  return new Promise<SendOutcome>((resolve) => {
    const chunks: Buffer[] = [];
    let kept = 0;
    let read = 0;
    let statusCode: number | null = null;
    let retryAfterMs: number | null = null;
    let request: http.ClientRequest | undefined;
    let settled = false;
    /** `reusable`: the whole response was read, the connection may carry the next request. */
    const finish = (error: string | null, reusable = false) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (!reusable) request?.destroy();
      resolve(outcome({ statusCode, retryAfterMs, responseBody: firstCharacters(chunks), error }));
    };
    const timer = setTimeout(() => finish('timeout'), timeoutMs);

    try {
      request = (target.protocol === 'https:' ? https : http).request(target, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': USER_AGENT, ...headers, 'content-length': Buffer.byteLength(body) },
        agent: agentFor(target.protocol as 'http:' | 'https:', allowedNetworks),
      });
    } catch (error) {
      finish(describeError(error));
      return;
    }
    request.on('error', (error) => finish(describeError(error)));
    request.on('response', (response) => {
      statusCode = response.statusCode ?? null;
      if (statusCode === 429 || statusCode === 503) retryAfterMs = parseRetryAfter(response.headers['retry-after']);
      response.on('data', (chunk: Buffer) => {
        if (kept < RESPONSE_BODY_BYTES) {
          chunks.push(chunk);
          kept += chunk.length;
        }
        read += chunk.length;
        if (read >= MAX_RESPONSE_READ_BYTES) finish(null);
      });
      response.on('end', () => finish(null, true));
      response.on('error', (error) => finish(describeError(error)));
      response.on('close', () => finish(response.complete ? null : 'connection closed before the response ended'));
    });
    request.end(body);
  });
}
