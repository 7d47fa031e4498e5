import { Type } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import Redis from 'ioredis';
import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeService, ServiceName } from '@platform/contracts';
import { createServiceApp, PlanId, PLATFORM_CLIENT_ID, Scope } from '@platform/pipeline';
import { AuthModule } from '../../apps/auth/src/auth.module';
import { CredentialsService } from '../../apps/auth/src/credentials/credentials.service';
import { User } from '../../apps/auth/src/accounts/user.entity';
import { Membership } from '../../apps/auth/src/organizations/membership.entity';
import { hashPassword } from '../../apps/auth/src/accounts/passwords';
import { SessionGateway } from '../../apps/auth/src/sessions/session-gateway.service';
import { SESSION_COOKIE } from '../../apps/auth/src/accounts/cookies';
import { SessionsService } from '../../apps/auth/src/sessions/sessions.service';
import { DataSource } from 'typeorm';
import type { OrganizationRole } from '@platform/pipeline';
import { call, HttpResult, RequestOptions } from './http';
import { createTestDatabase, REDIS_URL } from './database';

export interface RunningApp {
  name: ServiceName;
  app: NestFastifyApplication;
  url: string;
  close(): Promise<void>;
}

export interface DeveloperOptions {
  org?: string;
  plan?: PlanId;
  scopes?: Scope[];
  burstPerSecond?: number;
  monthlyQuota?: number;
}

/** An organization with a credential and a fresh token, ready to call the APIs. */
export class Developer {
  constructor(
    readonly stack: TestStack,
    readonly organizationId: string,
    readonly credentialId: string,
    readonly apiKey: string,
    public apiSecret: string,
    public accessToken: string,
  ) {}

  headers(extra: Record<string, string> = {}): Record<string, string> {
    return {
      authorization: `Bearer ${this.accessToken}`,
      'x-platform-api-key': this.apiKey,
      'x-platform-client-id': PLATFORM_CLIENT_ID,
      ...extra,
    };
  }

  /** Calls a path on the app that serves it, with the three headers (and any extra). */
  call<T = any>(app: RunningApp, method: string, path: string, options: RequestOptions = {}): Promise<HttpResult<T>> {
    return call<T>(app.url, method, path, { ...options, headers: this.headers(options.headers) });
  }
}

export interface StackOptions {
  /** Extra environment for every app of the stack. */
  env?: Record<string, string>;
  redis?: boolean;
}

/**
 * What an e2e test file runs against: a fresh PostgreSQL database, Redis under a key prefix
 * of its own, the auth service and whichever product apps the file needs, on real ports.
 */
export class TestStack {
  readonly apps: RunningApp[] = [];
  auth!: RunningApp;
  private dropDatabase?: () => Promise<void>;
  private readonly dataDir = mkdtempSync(join(tmpdir(), 'platform-e2e-'));
  readonly redisPrefix = `e2e:${randomBytes(4).toString('hex')}:`;
  env: Record<string, string> = {};

  static async start(options: StackOptions = {}): Promise<TestStack> {
    const stack = new TestStack();
    const database = await createTestDatabase();
    stack.dropDatabase = database.drop;
    stack.env = {
      DATABASE_URL: database.url,
      // A file starts up to seven apps on one PostgreSQL server, whose 100 connections other files share
      DATABASE_POOL_SIZE: '5',
      DATA_DIR: stack.dataDir,
      INTERNAL_TOKEN: randomBytes(24).toString('base64url'),
      REVOCATION_POLL_MS: '500',
      // the tests' webhook receivers listen on loopback
      WEBHOOK_ALLOWED_NETWORKS: '127.0.0.0/8,::1/128',
      ...(options.redis === false ? {} : { REDIS_URL, REDIS_KEY_PREFIX: stack.redisPrefix }),
      ...options.env,
    };
    stack.auth = await stack.startApp(AuthModule, 'auth');
    stack.env.AUTH_URL = stack.auth.url;
    return stack;
  }

  /** Starts one app (another instance of the same app is fine) with the stack's environment. */
  async startApp(module: Type, name: ServiceName, env: Record<string, string> = {}): Promise<RunningApp> {
    const saved = { ...process.env };
    delete process.env.REDIS_URL;
    Object.assign(process.env, this.env, env);
    let app: NestFastifyApplication;
    try {
      app = await createServiceApp(module, describeService(name));
    } finally {
      process.env = saved;
    }
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.getHttpServer().address() as { port: number };
    let closing: Promise<void> | undefined;
    const running: RunningApp = { name, app, url: `http://127.0.0.1:${address.port}`, close: () => (closing ??= app.close()) };
    this.apps.push(running);
    return running;
  }

  async developer(options: DeveloperOptions = {}): Promise<Developer> {
    const issued = await this.auth.app.get(CredentialsService).createDeveloper({
      organizationName: options.org ?? `Org ${randomBytes(3).toString('hex')}`,
      plan: options.plan ?? 'api-enterprise',
      scopes: options.scopes,
      burstPerSecond: options.burstPerSecond ?? ((options.plan ?? 'api-enterprise') === 'api-enterprise' ? 10_000 : undefined),
      monthlyQuota: options.monthlyQuota ?? ((options.plan ?? 'api-enterprise') === 'api-enterprise' ? 10_000_000 : undefined),
    });
    const token = await this.exchange(issued.apiKey, issued.apiSecret);
    if (token.status !== 200) throw new Error(`token exchange failed: ${token.text}`);
    return new Developer(this, issued.organizationId, issued.credentialId, issued.apiKey, issued.apiSecret, token.body.data.accessToken);
  }

  /**
   * A person signed in to the dashboard, a member of `organizationId` with `role`, and the session
   * header the gateway would forward for one request (as auth's gateway check mints it): for
   * routes that serve people, called without the one-machine router or nginx in front.
   */
  async person(organizationId: string, role: OrganizationRole = 'owner') {
    const dataSource = this.auth.app.get(DataSource);
    const email = `person-${randomBytes(4).toString('hex')}@example.com`;
    const user = await dataSource.getRepository(User).save({
      email,
      name: 'Test Person',
      passwordHash: await hashPassword('violet tractor umbrella 42', null),
      emailVerifiedAt: new Date(),
      passwordChangedAt: new Date(),
    });
    await dataSource.getRepository(Membership).insert({ organizationId, userId: user.id, role });
    const gateway = this.auth.app.get(SessionGateway);
    const signIn = async (method: string, path: string, csrf = true) => {
      const { session, token } = await this.auth.app.get(SessionsService).create(dataSource.manager, user.id, { ipAddress: '127.0.0.1', userAgent: 'test' });
      const minted = await gateway.mint({
        cookie: `${SESSION_COOKIE}=${token}`,
        method,
        uri: path,
        origin: 'http://localhost',
        hosts: ['localhost'],
        scheme: 'http',
        csrfToken: csrf ? gateway.csrfTokenOf(session.id) : undefined,
        organizationId,
      });
      const headers: Record<string, string> = minted ? { 'x-platform-session': minted, 'x-organization-id': organizationId } : {};
      return { sessionId: session.id, headers };
    };
    return {
      userId: user.id,
      email,
      // a session of its own for each request: one request signing out ends no other's
      sessionHeader: async (method: string, path: string): Promise<Record<string, string>> => (await signIn(method, path)).headers,
      /** A new session, and the header of one request of it. */
      signIn,
    };
  }

  exchange(apiKey: string, apiSecret: string, clientId: string = PLATFORM_CLIENT_ID, extra: Record<string, string> = {}): Promise<HttpResult> {
    return call(this.auth.url, 'POST', '/api/v1/authorize/token', {
      headers: { 'x-platform-api-key': apiKey, 'x-platform-api-secret': apiSecret, 'x-platform-client-id': clientId, ...extra },
    });
  }

  async stop(): Promise<void> {
    for (const running of this.apps.reverse()) await running.close().catch(() => undefined);
    if (this.env.REDIS_URL) {
      const redis = new Redis(REDIS_URL);
      const keys = await redis.keys(`${this.redisPrefix}*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
    }
    await this.dropDatabase?.();
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

/** Asserts an answer's status and the code of its error envelope. */
export function expectError(result: HttpResult, status: number, code: string): void {
  expect({ status: result.status, code: result.body?.code }).toEqual({ status, code });
  expect(result.body).toMatchObject({ success: false, statusCode: status, code });
  expect(typeof result.body.message).toBe('string');
  expect(new Date(result.body.timestamp).toISOString()).toBe(result.body.timestamp);
  if (code === 'VALIDATION_FAILED') expect(typeof result.body.errors).toBe('object');
  else expect(result.body.errors).toBeUndefined();
}
