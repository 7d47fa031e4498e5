import { execFile } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Middleware } from 'openapi-fetch';
import { ServiceName, SERVICES } from '@platform/contracts';
import { clientTypes, REGENERATE } from '../generated-client/generate';
import { OpenApiDocument, requirementsOf } from '../generated-client/security';
import { readmeWalkThrough, StepFailed } from '../generated-client/walk-through';
import { call } from '@test/support/http';
import { checkResponse } from '@test/support/openapi-check';
import { OneMachineSuite, startOneMachineSuite } from '@test/support/one-machine-suite';
import { ROOT } from '@test/support/paths';

const GENERATED = join(ROOT, 'test', 'generated-client');
const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
/** The services the walk-through calls: their generated types are committed beside it. */
const WALKED: ServiceName[] = ['auth', 'hr', 'utilities'];
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Every response the generated client receives is checked against its document, as `call()`'s are. */
function documentedResponses(base: string): Middleware {
  return {
    async onResponse({ request, response }) {
      const text = await response.clone().text();
      const body = (response.headers.get('content-type') ?? '').includes('json') && text ? JSON.parse(text) : text;
      const url = new URL(request.url);
      await checkResponse(base, request.method, url.pathname + url.search, { status: response.status, headers: response.headers, body, text });
    },
  };
}

/**
 * The README walk-through, run by a client generated from the documents: openapi-typescript
 * types (committed in test/generated-client, checked here against what the running services'
 * documents give, the walk-through type-checked against them) and openapi-fetch calls, the
 * three auth headers sent as the documents' security requirements say, credentials from the
 * CLI as the README gets them, all against `npm start`'s suite.
 */
describe('a client generated from the OpenAPI documents', () => {
  let suite: OneMachineSuite;
  const documents = new Map<ServiceName, OpenApiDocument>();

  beforeAll(async () => {
    suite = await startOneMachineSuite();
    for (const service of Object.values(SERVICES)) {
      const served = await call<OpenApiDocument>(suite.base, 'GET', `/${service.prefix}/openapi.json`);
      expect(served.status).toBe(200);
      documents.set(service.name, served.body);
    }
  }, 400_000);

  afterAll(async () => {
    const output = suite?.output() ?? '';
    await suite?.stop();
    // what the suite said, when a test failed on a call it refused or a crash
    if (/error|fatal/i.test(output)) process.stderr.write(`one-machine suite output:\n${output.slice(-5000)}\n`);
  });

  it('generates from every document, and the committed types are what the services serve now', async () => {
    const generated = await Promise.all(
      [...documents.keys()].map(async (service) => ({ service, types: await clientTypes(service, `${suite.base}/${SERVICES[service].prefix}/openapi.json`) })),
    );
    const stale: string[] = [];
    for (const { service, types } of generated) {
      expect(types).toContain('export interface paths {');
      if (!WALKED.includes(service)) continue;
      const file = join(GENERATED, `${service}.ts`);
      if (process.env.UPDATE_CLIENT_TYPES) writeFileSync(file, types);
      else if (!existsSync(file) || readFileSync(file, 'utf8') !== types) stale.push(`test/generated-client/${service}.ts`);
    }
    expect({ stale, regenerate: stale.length ? REGENERATE : undefined }).toEqual({ stale: [] });
  }, 180_000);

  it('type-checks the walk-through against the generated types', async () => {
    // tsc in a process of its own: the suite's connections stay served while it compiles
    const checked = await promisify(execFile)(process.execPath, [TSC, '-p', join(GENERATED, 'tsconfig.json')], { timeout: 120_000 }).then(
      () => ({ code: 0, output: '' }),
      (error: { code?: number; stdout?: string }) => ({ code: error.code, output: error.stdout }),
    );
    expect(checked).toEqual({ code: 0, output: '' });
  }, 150_000);

  it('declares the three headers as one requirement of every authenticated operation (or the session header where people call), with the schemes that name them', () => {
    const shapes = new Set<string>();
    for (const [service, document] of documents) {
      const schemes = document.components?.securitySchemes ?? {};
      for (const [path, item] of Object.entries(document.paths)) {
        for (const method of Object.keys(item).filter((key) => METHODS.includes(key))) {
          const requirements = requirementsOf(document, path, method);
          // public: no requirement (`security: []`), or an empty one among them
          if (requirements.length === 0 || requirements.some((requirement) => Object.keys(requirement).length === 0)) continue;
          const named = requirements.map((requirement) =>
            Object.keys(requirement)
              .map((name) => {
                const scheme = schemes[name] as { type: string; scheme?: string; in?: string; name?: string } | undefined;
                return scheme?.type === 'http' ? `http ${scheme.scheme}` : `${scheme?.type} ${scheme?.in} ${scheme?.name}`;
              })
              .sort()
              .join(' + '),
          );
          shapes.add(`${service}: ${named.join(' | ')}`);
        }
      }
    }
    const allThree = 'apiKey header X-Platform-Api-Key + apiKey header X-Platform-Client-Id + http bearer';
    const session = 'apiKey header X-Platform-Session';
    // people's routes take the gateway's session (auth's account routes), or either (utilities' webhook management)
    const expected = Object.keys(SERVICES)
      .map((service) => `${service}: ${allThree}`)
      .concat(['auth: ' + session, `utilities: ${allThree} | ${session}`]);
    expect([...shapes].sort()).toEqual(expected.sort());
  });

  it('runs the README walk-through with credentials from the CLI', async () => {
    const created = await suite.cli('developers:create', '--org', 'Acme', '--plan', 'developer-sandbox', '--json');
    expect(created.status).toBe(0);
    const credentials = JSON.parse(created.stdout) as { apiKey: string; apiSecret: string };

    const walked = await readmeWalkThrough(suite.base, credentials, [...documents.values()], documentedResponses(suite.base));

    expect(walked.token).toMatchObject({ status: 200, body: { success: true, data: { tokenType: 'Bearer', expiresIn: 900 } } });
    expect(walked.preference).toMatchObject({
      status: 200,
      body: {
        success: true,
        message: 'Notification preference updated.',
        data: { category: 'approval', inApp: true, email: true, push: true, sms: true, whatsapp: false },
      },
    });
    expect(walked.preference.body.data.sms).toBe(true);
    expect(walked.created).toMatchObject({ status: 201, body: { success: true, data: { externalId: 'EMP-0042', firstName: 'Amina', status: 'active' } } });
    const id = walked.employeeId;
    expect(walked.synced).toMatchObject({ status: 200, body: { data: { id, jobTitle: 'Senior Accountant' } } });
    expect(walked.synced.body.data.id).toBe(walked.created.body.data.id);
    expect(walked.read).toMatchObject({ status: 200, body: { data: { id, externalId: 'EMP-0042', jobTitle: 'Senior Accountant' } } });
    expect(walked.current).toMatchObject({
      status: 200,
      body: { data: { organization: { name: 'Acme' }, plan: { id: 'developer-sandbox' }, rateLimits: { burstPerSecond: 5, monthlyQuota: 2000 } } },
    });
    expect(walked.usage).toMatchObject({ status: 200, body: { success: true } });
    // the calls of the walk-through so far: three on hr, one on utilities
    expect(walked.usage.body.data.apiRequests.byProduct).toMatchObject({ hr: 3, app: 1 });
  });

  it('stops at step 1, saying why, when the exchange fails', async () => {
    const created = JSON.parse((await suite.cli('developers:create', '--org', 'Typo', '--plan', 'developer-sandbox', '--json')).stdout) as {
      apiKey: string;
      apiSecret: string;
    };
    const failed = await readmeWalkThrough(
      suite.base,
      { ...created, apiSecret: `${created.apiSecret}x` },
      [...documents.values()],
      documentedResponses(suite.base),
    ).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(StepFailed);
    expect(failed).toMatchObject({ step: '1. token exchange', status: 401, body: { success: false, code: 'DEVELOPER_KEYS_INVALID' } });
  });
});
