import 'reflect-metadata';
import '@platform/pipeline/runtime/preload';
// the heap growth, before the apps' modules load (50% unless HEAP_GROWTH_PERCENT says)
import '@platform/pipeline/runtime/suite-preload';
import { Logger, Type } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import pino from 'pino';
import { createServer, IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { describeService, ServiceName } from '@platform/contracts';
import {
  answerClientError,
  buildErrorEnvelope,
  closeConnectionsAsTheyFallIdle,
  createServiceApp,
  CREDENTIALS_COMMAND,
  exitOnStartupError,
  IdentitySource,
  installGracefulShutdown,
  logDestination,
  negotiateLanguage,
  PlatformException,
  platformLoggerOptions,
  reachableBaseUrl,
  restrictFileModes,
  serveProcessMetricsOnlyOn,
  ServiceNestLogger,
  serviceForPath,
  shareIdentitySource,
  shareRequestRecorder,
  useHeapGrowth,
  validateEnvironment,
  writeStartBanner,
} from '@platform/pipeline';
import { startProcessJobRunner, stopProcessJobRunner, useOneJobRunnerPerProcess } from '@platform/data';
import { EmbeddedPostgres, openEmbeddedPostgres } from '@platform/devtools';
import { SessionGateway } from '../apps/auth/src/sessions/session-gateway.service';
import { gatewayRequestOf } from '../apps/auth/src/sessions/gateway.controller';
import { RequestLogService } from '../apps/auth/src/request-log/request-log.service';
import { AuthModule } from '../apps/auth/src/auth.module';
import { BooksModule } from '../apps/books/src/books.module';
import { HrModule } from '../apps/hr/src/hr.module';
import { PayModule } from '../apps/pay/src/pay.module';
import { PayrollModule } from '../apps/payroll/src/payroll.module';
import { UtilitiesModule } from '../apps/utilities/src/utilities.module';
import { previousReleaseFiles, previousReleaseNotice } from './import-sqlite';

const MODULES: Record<ServiceName, Type> = {
  auth: AuthModule,
  hr: HrModule,
  utilities: UtilitiesModule,
  payroll: PayrollModule,
  pay: PayModule,
  books: BooksModule,
};

/**
 * The whole suite on one machine: six apps in one process behind one port, each request
 * handed to the app the Ingress would route it to. Without DATABASE_URL the apps use a
 * PostgreSQL server the suite starts, its data under DATA_DIR/postgres, and without REDIS_URL
 * in-process stores saved under DATA_DIR.
 */
/**
 * How long the apps' idle PostgreSQL connections stay open (DATABASE_IDLE_TIMEOUT_MS), unless set.
 * Each minute every app's outbox sweep, and auth's and pay's scheduled work, take a connection of
 * their pools: at pg's 10 s the idle suite's PostgreSQL then held 18–21 connections for 11 s of
 * each minute instead of 5, 64–68 MB instead of 39–41, its own server on the same machine. Each
 * app's pool serves one process here, and what polls every second keeps its connection.
 */
const SUITE_DATABASE_IDLE_TIMEOUT_MS = '2000';

/** The paths that serve people (docs/architecture.md, The gateway session): the gateway asks auth about their session cookie. */
const PEOPLE_PATHS = /^\/api\/v1\/(?:account|app\/webhooks)(?:[/?#]|$)/;

/** The networks webhook deliveries of the one-machine suite may reach unless WEBHOOK_ALLOWED_NETWORKS is set. */
const LOOPBACK_NETWORKS = '127.0.0.0/8,::1/128';

async function main(): Promise<void> {
  restrictFileModes();
  process.env.DATABASE_IDLE_TIMEOUT_MS ||= SUITE_DATABASE_IDLE_TIMEOUT_MS;
  let env;
  try {
    env = validateEnvironment(process.env);
  } catch (error) {
    exitOnStartupError('suite', error);
  }
  // runtime/suite-preload set it before the modules loaded; again here with the validated value.
  // Set later (with the first app, or after the imports) it came after a full collection, and V8's
  // own limit (four times what survived) held for the load's first 100 MB: the process peaked at
  // 236 MB over 400,000 GETs instead of 204–206 (docs/decisions/0025-suite-heap-growth.md)
  useHeapGrowth(env);
  // every service is on this port: calls between them go through the same routing, and clients
  // follow public files' links to it
  for (const setting of ['AUTH_URL', 'HR_URL', 'PAY_URL', 'BOOKS_URL', 'PAYROLL_URL', 'UTILITIES_URL', 'PUBLIC_BASE_URL'])
    process.env[setting] ||= `http://127.0.0.1:${env.PORT}`;
  // webhook receivers tried out on this machine listen on loopback; set it empty to refuse them
  process.env.WEBHOOK_ALLOWED_NETWORKS ??= LOOPBACK_NETWORKS;

  // The port is taken first, so that each service can call the ones started before it over the
  // same routing as any client (auth first: the others take its identity facts in-process). A request
  // for a service not started yet, or for readiness before all are, is answered 503
  // UPSTREAM_UNAVAILABLE with Retry-After.
  const handlers = new Map<ServiceName, RequestListener>();
  const apps: NestFastifyApplication[] = [];
  let started = false;
  const starting = new PlatformException('UPSTREAM_UNAVAILABLE', { headers: { 'retry-after': '1' } });
  const unavailable = (request: IncomingMessage, response: ServerResponse) => {
    const envelope = buildErrorEnvelope(starting, negotiateLanguage(request.headers['accept-language']));
    response.writeHead(envelope.statusCode, { ...starting.options.headers, 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(envelope));
  };
  let gateway: SessionGateway | undefined;
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = request.url ?? '/';
    const handler = started || !url.startsWith('/healthz/ready') ? handlers.get(serviceForPath(url)) : undefined;
    if (!handler) return unavailable(request, response);
    // The gateway, as the Ingress is one: a session header comes from it, never from a
    // client; for the paths that serve people, a session cookie is checked with auth and the
    // request goes on with a session token of its own.
    delete request.headers['x-platform-session'];
    if (!gateway || request.headers.cookie === undefined || !PEOPLE_PATHS.test(url)) return handler(request, response);
    // what this server knows itself, never what the client's headers claim: its method, path, Host and plain HTTP
    const asked = {
      ...gatewayRequestOf(request.headers, { method: 'GET', uri: url }),
      method: request.method ?? 'GET',
      uri: url,
      hosts: request.headers.host ? [request.headers.host] : [],
      scheme: 'http',
    };
    gateway.mint(asked).then(
      (token) => {
        if (token) request.headers['x-platform-session'] = token;
        handler(request, response);
      },
      () => unavailable(request, response),
    );
  });
  server.keepAliveTimeout = 72_000;
  server.on('clientError', answerClientError);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(env.PORT, env.HOST, resolve);
    });
  } catch (error) {
    exitOnStartupError('suite', error);
  }

  let store: EmbeddedPostgres | undefined;
  try {
    if (!env.DATABASE_URL) {
      store = await openEmbeddedPostgres({ dataDir: env.DATA_DIR, mode: 'own', log: (line) => process.stderr.write(`[suite] ${line}\n`) });
      process.env.DATABASE_URL = store.url;
    }
    // one job runner for every app's tasks, started once they are all up (six would each poll and hold connections)
    useOneJobRunnerPerProcess();
    // each service's metrics path serves its own series; the process's once, on auth's /api/v1/metrics
    serveProcessMetricsOnlyOn('auth');
    const previous = previousReleaseFiles(env.DATA_DIR);
    if (previous.length) process.stderr.write(`[suite] ${previousReleaseNotice(env.DATA_DIR, previous)}\n`);
    for (const name of Object.keys(MODULES) as ServiceName[]) {
      let handler: RequestListener | undefined;
      const app = await createServiceApp(MODULES[name], describeService(name), {
        serverFactory: (fastifyHandler) => {
          handler = fastifyHandler as RequestListener;
          return createServer();
        },
      });
      await app.getHttpAdapter().getInstance().ready();
      // the apps started after auth take its identity facts in-process (auth is first)
      if (name === 'auth') {
        shareIdentitySource(app.get(IdentitySource));
        shareRequestRecorder((call) => app.get(RequestLogService).record(call));
        gateway = app.get(SessionGateway);
      }
      apps.push(app);
      handlers.set(name, handler!);
    }
    await startProcessJobRunner();
    started = true;
  } catch (error) {
    server.close();
    await stopProcessJobRunner();
    await Promise.allSettled(apps.map((app) => app.close()));
    await store?.stop();
    exitOnStartupError('suite', error);
  }

  // Nest's lines logged after the start by code every app shares (the job runner, the identity
  // source) are the suite's, not the last app started's
  Logger.overrideLogger(new ServiceNestLogger(pino(platformLoggerOptions(env.LOG_LEVEL, 'suite'), logDestination())));
  const base = reachableBaseUrl(env);
  writeStartBanner({
    headline: `Platform API suite listening on ${base}/api/v1 (${store ? `PostgreSQL in ${join(env.DATA_DIR, 'postgres')}` : 'PostgreSQL'}, ${env.REDIS_URL ? 'Redis' : 'in-process'} limits)`,
    lines: [
      ['API reference', `${base}/api/v1/docs`],
      ['Credentials', `${CREDENTIALS_COMMAND}${store ? ` (in another terminal, with the same DATA_DIR: ${env.DATA_DIR})` : ' (with the same DATABASE_URL)'}`],
    ],
  });

  installGracefulShutdown(apps, env.SHUTDOWN_GRACE_MS, {
    // the jobs in flight finish (or are unlocked) while the apps they use are still open
    closeServer: async () => {
      const closed = new Promise<void>((resolve) => {
        closeConnectionsAsTheyFallIdle(server);
        server.close(() => resolve());
      });
      await Promise.all([closed, stopProcessJobRunner()]);
    },
    // the database goes last, once every service has written what it had to
    afterClose: () => store?.stop(),
  });
}

void main();
