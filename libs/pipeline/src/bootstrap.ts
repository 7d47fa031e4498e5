import { RequestMethod, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyError, FastifyReply, FastifyRequest, FastifyServerFactory, RouteOptions } from 'fastify';
import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { performance } from 'node:perf_hooks';
import { RouteAudit } from './auth/route-audit';
import { ConfigurationError, Environment, validateEnvironment } from './config/environment';
import { restrictFileModes } from './config/private-files';
import { routingErrorEnvelope } from './errors/exception.filter';
import { ShutdownState } from './health/shutdown-state';
import { accessLogLevel, loggedUrl } from './http/access-log';
import { allowedMethodsOf } from './http/allowed-methods';
import { installBodyParsers } from './http/content-types';
import { envelopeHooks } from './http/envelope';
import { BODY_LIMIT_CONFIG, SECRET_QUERY_CONFIG } from './http/response.decorators';
import { closeConnectionsAsTheyFallIdle } from './http/server-close';
import { requestDurationHistogram } from './metrics/metrics';
import { logDestination } from './logging/log-destination';
import { ServiceNestLogger } from './logging/nest-logger';
import { PLATFORM_LOGGER, PlatformLogger } from './logging/platform-logger';
import { buildOpenApiDocument, OpenApiDocument } from './openapi/openapi';
// Speed code that reaches into other libraries (library-internals/README.md)
import { accessLogWriter } from './library-internals/pino-access-line';
import type { HistogramSeries } from './library-internals/prom-client-histogram';
import { applyHeapGrowth } from './library-internals/v8-heap-flags';
import type { ServiceDescriptor } from '@platform/contracts/service';
import type { PlatformRequest } from './auth/request-state';
import { RequestLog } from './requests/request-log';

export interface CreateServiceAppOptions {
  /** One-machine mode: the suite owns the listening server and hands requests to each app. */
  serverFactory?: FastifyServerFactory;
}

const REQUEST_ID = /^[\w.:@/+=-]{1,128}$/;

/**
 * The secure headers of a JSON API, sent with every response: those OWASP's REST Security Cheat
 * Sheet asks of every API response (Cache-Control, a CSP that forbids framing, HSTS, nosniff,
 * X-Frame-Options; Content-Type is set per response), with `default-src 'none'` in the CSP and
 * Cross-Origin-Resource-Policy, which still matter for the files an API serves (a PDF opened in a
 * tab runs no script, loads nothing and cannot be embedded or read by another site). The headers
 * helmet adds for HTML pages (COOP, Origin-Agent-Cluster, Referrer-Policy, X-DNS-Prefetch-Control,
 * X-Download-Options, X-Permitted-Cross-Domain-Policies, X-XSS-Protection) are not sent: no
 * service returns HTML, and each header costs every response a validation and a copy. They never
 * vary, so they are built once: @fastify/helmet rebuilt its middleware chain on every request,
 * about a tenth of the CPU of a cached authenticated GET.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};
/** The headers every response carries, whatever answers it: the secure headers and the request id. */
function everyResponseHeaders(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return reply.headers(SECURITY_HEADERS).header('x-request-id', request.id);
}

/**
 * Answers, in the envelope and with every response's headers, what Node refuses before there is a
 * request to route: a request line and headers over its 16 KiB (a query of a few thousand
 * parameters), a malformed request, one too slow to arrive. Fastify's own answer is in its
 * shape; Node's has no body. The headers were not read, so the message is English.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const body = JSON.stringify(routingErrorEnvelope(status, undefined));
  const headers = {
    ...SECURITY_HEADERS,
    'x-request-id': randomUUID(),
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    connection: 'close',
  };
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${Object.entries(headers)
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('')}\r\n${body}`,
    );
  socket.destroy(error);
}

/**
 * Served outside the service prefix: kubelet probes and service-to-service routes, which the
 * Ingress never routes, and the developer dashboard's page (auth), which it routes at /dashboard.
 */
export const UNPREFIXED_PATHS = ['healthz/live', 'healthz/ready', 'internal/{*path}', 'dashboard', 'dashboard/{*path}'];

/**
 * Sets how far V8 lets the old generation grow past a full collection (HEAP_GROWTH_PERCENT). V8
 * computes the next collection's limit at the end of each full collection, with the growth set
 * then: a process whose start collects before this is set serves its first minutes under V8's
 * own limit (four times what survived). The one-machine suite sets it before its PostgreSQL and
 * apps start; createServiceApp sets it for a service.
 */
export function useHeapGrowth(env: Pick<Environment, 'HEAP_GROWTH_PERCENT'>): void {
  applyHeapGrowth(env.HEAP_GROWTH_PERCENT);
}

/**
 * Creates a service exactly as it runs in production (adapter options, security headers,
 * request ids, metrics hooks, OpenAPI document); e2e tests call the same function.
 */
export async function createServiceApp(rootModule: Type, service: ServiceDescriptor, options: CreateServiceAppOptions = {}): Promise<NestFastifyApplication> {
  const env = validateEnvironment(process.env);
  useHeapGrowth(env);
  const adapter = new FastifyAdapter({
    bodyLimit: env.BODY_LIMIT_BYTES,
    trustProxy: env.TRUST_PROXY,
    requestIdHeader: false,
    genReqId: (request: { headers: Record<string, string | string[] | undefined> }) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    forceCloseConnections: 'idle',
    // `/api/v1/` answers as `/api/v1`, `/api/v1/hr/employees/` as `/api/v1/hr/employees`
    routerOptions: { ignoreTrailingSlash: true },
    // A request that reaches a closing server (pipelined behind one in flight) is answered as any
    // other, with `Connection: close`; Fastify's 503 would be neither served nor in the envelope.
    return503OnClosing: false,
    // No Nest middleware is used (logs and metrics are Fastify hooks): no middie hook per request.
    skipMiddie: true,
    // Fastify answers a path it cannot route (malformed percent-encoding, a parameter over
    // maxParamLength) before any hook or filter runs: in the envelope, with every response's headers.
    frameworkErrors: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      const envelope = routingErrorEnvelope(error.statusCode, request.headers['accept-language']);
      void everyResponseHeaders(request, reply).header('content-type', 'application/json; charset=utf-8').status(envelope.statusCode).send(envelope);
    },
    clientErrorHandler: answerClientError,
    ...(options.serverFactory ? { serverFactory: options.serverFactory } : {}),
  });
  // the body parsers are the platform's (installBodyParsers), not Nest's
  const app = await NestFactory.create<NestFastifyApplication>(rootModule, adapter, { bufferLogs: true, abortOnError: false, bodyParser: false });
  const logger = app.get<PlatformLogger>(PLATFORM_LOGGER);
  app.useLogger(new ServiceNestLogger(logger));
  app.flushLogs();

  app.setGlobalPrefix(service.prefix, { exclude: UNPREFIXED_PATHS.map((path) => ({ path, method: RequestMethod.ALL })) });
  app.get(RouteAudit).setGlobalPrefix(service.prefix, UNPREFIXED_PATHS);

  const fastify = app.getHttpAdapter().getInstance();
  installBodyParsers(fastify);
  const histogram = requestDurationHistogram(service.name);
  const accessLog = logger.isLevelEnabled('info');
  const requestLog = app.get(RequestLog);
  // A recorder per route template holds its series by method and status, found without building a label set.
  const recorder = (route: string, secretQuery = false) => {
    const series = new Map<string, HistogramSeries>();
    const log = accessLogWriter(logger, route);
    return (request: FastifyRequest, reply: FastifyReply) => {
      const seconds = (performance.now() - (request as unknown as { startedAt: number }).startedAt) / 1000;
      const key = request.method + reply.statusCode;
      let own = series.get(key);
      if (!own) series.set(key, (own = histogram.series({ service: service.name, method: request.method, route, status: String(reply.statusCode) })));
      own.observe(seconds);
      // a machine credential's request, for its organization's recent requests and usage by day
      const principal = (request as PlatformRequest).platform?.principal;
      if (principal && !(request as PlatformRequest).platform?.session) {
        requestLog.add({
          credentialId: principal.credentialId,
          organizationId: principal.organizationId,
          product: service.product,
          method: request.method,
          route,
          status: reply.statusCode,
          durationMs: Math.round(seconds * 1e4) / 10,
          requestId: String(request.id),
          at: Date.now(),
        });
      }
      if (!accessLog) return;
      const level = accessLogLevel(route, request.url, reply.statusCode);
      if (level)
        log(level, {
          reqId: request.id,
          method: request.method,
          url: loggedUrl(request.url, secretQuery),
          statusCode: reply.statusCode,
          responseTimeMs: Math.round(seconds * 1e4) / 10,
        });
    };
  };
  const recordUnmatched = recorder('unmatched');
  fastify.decorateRequest('platform', null);
  fastify.decorateRequest('startedAt', 0);
  fastify.addHook('onRequest', (request, reply, done) => {
    (request as unknown as { startedAt: number }).startedAt = performance.now();
    void everyResponseHeaders(request, reply);
    done();
  });
  // At close, a connection whose request was in flight closes after its response instead of
  // holding the close for the keep-alive timeout.
  fastify.addHook('preClose', (done) => {
    closeConnectionsAsTheyFallIdle(fastify.server);
    done();
  });
  // Matched routes are recorded by their own hook (below); this one records the rest.
  fastify.addHook('onResponse', (request, reply, done) => {
    if (request.is404) recordUnmatched(request, reply);
    done();
  });
  // Each route gets its own envelope and metrics hooks as it is registered, so that a request
  // finds its route template and envelope without a lookup.
  const declarations = new Map(
    app
      .get(RouteAudit)
      .routes()
      .map((route) => [`${route.method} ${route.path}`, route]),
  );
  const allowedMethods = allowedMethodsOf(fastify);
  fastify.addHook('onRoute', (options: RouteOptions) => {
    const url = options.url;
    allowedMethods.add(options.method, url);
    const method = Array.isArray(options.method) ? 'ALL' : options.method;
    const declaration = declarations.get(`${method === 'HEAD' ? 'GET' : method} ${url}`) ?? declarations.get(`ALL ${url}`);
    const envelope = declaration ? envelopeHooks(declaration.response) : null;
    const first = <T>(hook: T, existing: T | T[] | undefined): T[] => [
      hook,
      ...(existing === undefined ? [] : Array.isArray(existing) ? existing : [existing]),
    ];
    const config = options.config as Record<string, unknown> | undefined;
    const record = recorder(url, config?.[SECRET_QUERY_CONFIG] === true);
    if (typeof config?.[BODY_LIMIT_CONFIG] === 'number') options.bodyLimit = config[BODY_LIMIT_CONFIG];
    options.onResponse = first((request, reply, done) => {
      record(request, reply);
      done();
    }, options.onResponse);
    if (envelope) {
      options.preSerialization = first(envelope.preSerialization, options.preSerialization);
      options.onSend = first(envelope.onSend, options.onSend);
    }
  });

  app.get(OpenApiDocument).source(() => buildOpenApiDocument(app, service));
  await app.init();
  return app;
}

/**
 * Graceful stop for one or more apps: readiness turns 503 at once, in-flight requests get
 * SHUTDOWN_GRACE_MS to finish while load balancers notice, then the apps close.
 */
export interface ShutdownSteps {
  /** Closes the HTTP server the apps are behind, when it is not theirs (the one-machine suite's). */
  closeServer?: () => Promise<void>;
  /** Runs once every app has closed (the one-machine suite stops its PostgreSQL). */
  afterClose?: () => Promise<void> | undefined;
}

export function installGracefulShutdown(apps: NestFastifyApplication[], graceMs: number, steps: ShutdownSteps = {}): void {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    for (const app of apps) app.get(ShutdownState).draining = true;
    if (graceMs > 0) await new Promise((resolve) => setTimeout(resolve, graceMs));
    const timeout = setTimeout(() => process.exit(1), 10_000);
    timeout.unref();
    try {
      await steps.closeServer?.();
      await Promise.all(apps.map((app) => app.close()));
      await steps.afterClose?.();
    } finally {
      // The requests' lines first, so that the last line says the service stopped.
      logDestination().flushSync();
      process.stderr.write(`Stopped on ${signal}\n`);
      process.exit(0);
    }
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
}

/** Boots one service on PORT; a bad setting stops it with a message naming the setting. */
export async function runService(rootModule: Type, service: ServiceDescriptor, options: CreateServiceAppOptions = {}): Promise<void> {
  restrictFileModes();
  let app: NestFastifyApplication;
  try {
    app = await createServiceApp(rootModule, service, options);
  } catch (error) {
    exitOnStartupError(service.name, error);
  }
  const env = app.get(Environment);
  await app.listen({ port: env.PORT, host: env.HOST });
  installGracefulShutdown([app], env.SHUTDOWN_GRACE_MS);
  writeStartBanner(serviceBanner(service, env));
}

/** Where a client reaches a server listening on HOST: a wildcard address is reached on the loopback. */
export function reachableBaseUrl(env: Pick<Environment, 'HOST' | 'PORT'>): string {
  const host = env.HOST === '0.0.0.0' || env.HOST === '::' ? '127.0.0.1' : env.HOST.includes(':') ? `[${env.HOST}]` : env.HOST;
  return `http://${host}:${env.PORT}`;
}

/** The command that prints a first credential, as the suite's CLI takes it. */
export const CREDENTIALS_COMMAND = 'npm run -s cli -- developers:create --org "Acme" --plan developer-sandbox --json';

export interface StartBanner {
  /** the first line: what listens where (`… listening on <url>`) */
  headline: string;
  /** label → value lines under it */
  lines: [string, string][];
}

/** The banner of one service started alone (an image, `npm run start:app`). */
export function serviceBanner(service: ServiceDescriptor, env: Pick<Environment, 'HOST' | 'PORT' | 'DATA_DIR' | 'DATABASE_URL'>): StartBanner {
  const base = reachableBaseUrl(env) + service.prefix;
  const lines: [string, string][] = [['OpenAPI', `${base}/openapi.json`]];
  if (service.name === 'auth') {
    lines.push(['API reference', `${base}/docs`]);
    lines.push(['Credentials', 'node dist/apps/auth/cli.js developers:create --org "Acme" --json (same DATABASE_URL)']);
  }
  return { headline: `${service.name} listening on ${base}`, lines };
}

/**
 * The last thing written before the server serves: what listens where, the API reference and how
 * to get credentials. The logs gathered so far are written first (they are buffered), so that the
 * banner is the last line a user sees at start.
 */
export function writeStartBanner(banner: StartBanner): void {
  logDestination().flushSync();
  const width = Math.max(...banner.lines.map(([label]) => label.length));
  process.stderr.write([banner.headline, ...banner.lines.map(([label, value]) => `  ${`${label}:`.padEnd(width + 1)}  ${value}`)].join('\n') + '\n');
}

export function exitOnStartupError(name: string, error: unknown): never {
  const message = error instanceof ConfigurationError ? error.message : `Could not start: ${(error as Error)?.message ?? String(error)}`;
  process.stderr.write(`[${name}] ${message}\n`);
  process.exit(1);
}
