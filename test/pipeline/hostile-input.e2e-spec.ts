import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import { getMetadataStorage } from 'class-validator';
import { randomUUID } from 'node:crypto';
import { describeService, ERROR_CODES, ServiceName } from '@platform/contracts';
import { RouteAudit, RouteDeclaration } from '@platform/pipeline';
import { MAX_INPUT_DEPTH, MAX_INPUT_VALUES, MAX_OBJECT_KEYS } from '@platform/pipeline/http/input-limits';
import { BooksModule } from '../../apps/books/src/books.module';
import { HrModule } from '../../apps/hr/src/hr.module';
import { PayModule } from '../../apps/pay/src/pay.module';
import { PayrollModule } from '../../apps/payroll/src/payroll.module';
import { UtilitiesModule } from '../../apps/utilities/src/utilities.module';
import { HttpResult, sleep } from '@test/support/http';
import { Developer, expectError, RunningApp, TestStack } from '@test/support/stack';

/**
 * The promise of the request pipeline and the error envelope (docs/architecture.md) under
 * hostile input, on every route of every service:
 * whatever a client sends (malformed ids, junk query strings, bodies of the wrong shape or type,
 * values no database column holds, no credentials at all), the answer is never a 5xx, and every
 * error is the error envelope with a registered code. Routes, bodies and query parameters come
 * from the running apps (RouteAudit, the OpenAPI documents and the handlers' DTOs), so a new
 * route is probed without touching this file.
 */

type Json = unknown;
type Schema = Record<string, any>;

interface Probe {
  route: string;
  label: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
  /** The one answer allowed, when the design fixes it (malformed JSON, unknown properties). */
  expected?: { status: number; code: string };
}

interface RouteInfo {
  app: RunningApp;
  declaration: RouteDeclaration;
  key: string;
  operation?: Schema;
  /** JSON body schema from the OpenAPI document, when the route declares one. */
  bodySchema?: Schema;
  consumesMultipart: boolean;
  /** Class-validated DTOs the handler takes, from its parameter metadata. */
  bodyDto?: Function;
  queryDto?: Function;
  queryNames: string[];
}

const ENVELOPE_KEYS = new Set(['success', 'message', 'code', 'errors', 'details', 'statusCode', 'timestamp']);
const LEAKS: [RegExp, string][] = [
  [/\n\s+at |\s{4}at [\w.<>]+ \(/, 'stack trace'],
  [/QueryFailedError|EntityNotFound|TypeORMError/, 'ORM error'],
  [/\b(SELECT|INSERT INTO|UPDATE \w+ SET|DELETE FROM) /, 'SQL text'],
  [/violates (unique|foreign key|check|not-null) constraint|invalid input syntax for|out of range for type|value too long for type/i, 'database error'],
];

/** In a base body, replaced by a fresh value in each request, for fields that must be unique. */
const UNIQUE = '@UNIQUE@';
const LONG = 'x'.repeat(300);
const HUGE_TEXT = 'y'.repeat(10_000);
const DEEP_OBJECT = '{"a":'.repeat(5_000) + '1' + '}'.repeat(5_000);
const DEEP_ARRAY = '['.repeat(5_000) + ']'.repeat(5_000);
const PATH_VALUES = ['not-a-uuid', LONG, '%00', '%E2%82%AC', '..%2F', '%', '%ZZ', '00000000-0000-0000-0000-000000000000', '-1'];
const QUERY_JUNK = ['', '%00', LONG, '-1', 'abc', '1e309', '99999999999999999999', '2024-02-30', '%ED%A0%80'];
/** On every route; each known parameter also gets QUERY_JUNK, repeated and bracketed. */
const GENERIC_QUERIES = ['a=1&a=2', 'unknownParam=x', '%00=%00', `${LONG}=${LONG}`];
/** Also on routes that validate their query with a DTO. */
const DTO_QUERIES = ['cursor=garbage', '__proto__=x', 'constructor=x', 'hasOwnProperty=x', 'limit', '&&&=='];

/** Seeded resources, by the collection segment that names them in paths (`employees`, `runs`, ...). */
const ids: Record<string, string> = {};

/**
 * Valid inputs for routes whose OpenAPI document cannot give one (internal routes have none; some
 * bodies need ids and amounts that agree), so that each hostile value is tried on an otherwise
 * valid request and reaches the service, not only the validator.
 */
function explicitBases(): Record<string, { query?: string; body?: Record<string, Json> }> {
  const company = `companyId=${ids.company}`;
  const momo = { type: 'mobile_money', provider: 'mtn_momo', phoneNumber: '+237677123456' };
  const payment = { walletId: ids.wallets, amount: 100, currency: 'XAF', description: 'Hostile test', recipient: momo };
  const lines = [
    { accountId: ids.accounts, debit: 500 },
    { accountId: ids.secondAccount, credit: 500 },
  ];
  const payslip = { type: 'payslip', format: 'pdf', data: { payrollRunId: ids.runs, employeeId: ids.employees } };
  const contract = {
    employeeId: ids.employees,
    type: 'permanent',
    startDate: '2026-03-02',
    baseSalary: 350_000,
    currency: 'XAF',
    payFrequency: 'monthly',
    status: 'draft',
  };
  // a date no hostile `through` closes (close refuses dates after today)
  const today = new Date().toISOString().slice(0, 10);
  return {
    'GET /internal/v1/tenancy/access': { query: `organizationId=${ids.company}&workspaceId=${ids.workspaces}&companyId=${ids.companies}` },
    'GET /internal/v1/hr/contacts': { query: `${company}&employeeIds=${ids.employees}` },
    ...Object.fromEntries(
      ['auth', 'hr', 'utilities', 'payroll', 'pay', 'books'].map((service) => [`GET /internal/v1/${service}/events`, { query: 'after=0&limit=10' }]),
    ),
    'GET /internal/v1/payroll/runs/:runId/payslips': { query: company },
    'GET /internal/v1/pay/payments/:id': { query: company },
    'GET /internal/v1/books/reports/trial-balance': { query: `${company}&from=2026-01-01&to=2026-12-31` },
    'POST /internal/v1/hr/payroll-inputs': { body: { companyId: ids.company, periodStart: '2026-03-01', periodEnd: '2026-03-31' } },
    'POST /internal/v1/pay/payments': { body: { ...payment, companyId: ids.company } },
    'POST /internal/v1/books/journal-entries': {
      body: {
        companyId: ids.company,
        date: today,
        memo: 'Hostile test',
        reference: 'HOSTILE',
        source: { type: 'payroll_run', id: ids.runs },
        lines: [
          { accountCode: ids.firstCode, debit: 10 },
          { accountCode: ids.secondCode, credit: 10 },
        ],
      },
    },
    'POST /api/v1/pay/payments': { body: payment },
    'POST /api/v1/books/journal-entries': { body: { date: today, memo: 'Hostile test', lines } },
    'POST /api/v1/books/accounts': { body: { code: `H${UNIQUE}`, name: 'Hostile test', type: 'expense' } },
    'POST /api/v1/hr/leave-types': { body: { name: `Leave ${UNIQUE}`, annualAllowanceDays: 10 } },
    // a draft, which no contract is in the way of; the employee by id (the document names it or employeeExternalId)
    'POST /api/v1/hr/contracts': { body: { ...contract, externalId: `H${UNIQUE}` } },
    'POST /api/v1/hr/contracts/bulk': { body: { items: [{ ...contract, externalId: `H${UNIQUE}` }] } },
    'POST /api/v1/hr/attendance': { body: { employeeId: ids.employees, date: '2026-03-04', checkIn: '08:00', checkOut: '17:00' } },
    'POST /api/v1/app/documents': { body: payslip },
    'POST /api/v1/app/document-jobs': { body: payslip },
  };
}

/** Body and query properties naming a resource, mapped to the collection it comes from. */
const ID_PROPERTIES: [RegExp, string][] = [
  [/employee$/i, 'employees'],
  [/^leaveType$/, 'leave-types'],
  [/^(from|to)?wallet$/i, 'wallets'],
  [/^account$/, 'accounts'],
  [/^(payrollRun|run)$/, 'runs'],
  [/^contract$/, 'contracts'],
  [/^file$/, 'files'],
  [/^notification$/, 'notifications'],
  [/^(journalEntry|entry|reversalOf)$/, 'journal-entries'],
  [/^payment$/, 'payments'],
  [/^document$/, 'documents'],
  [/^(company|organization)$/, 'company'],
  [/^workspace$/, 'workspaces'],
];

function idFor(property: string): string | undefined {
  const stem = property.replace(/Ids?$/, '');
  for (const [pattern, collection] of ID_PROPERTIES) if (pattern.test(stem)) return ids[collection];
  return undefined;
}

/** A valid-looking value for a schema: its example, first enum value, or one made from its type. */
function sample(doc: Schema, raw: Schema | undefined, property: string, depth = 0): Json {
  const schema = resolve(doc, raw);
  if (!schema || depth > 6) return undefined;
  if (schema.allOf) return sample(doc, schema.allOf[0], property, depth + 1);
  if (schema.format === 'uuid' || (schema.type === 'string' && /Id$/.test(property))) {
    const known = idFor(property);
    if (known) return known;
  }
  if (schema.example !== undefined) return schema.example;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum) return schema.enum[0];
  switch (schema.type) {
    case 'string':
      if (schema.format === 'uuid') return idFor(property) ?? randomUUID();
      if (schema.format === 'date') return '2026-03-02';
      if (schema.format === 'date-time') return new Date().toISOString();
      if (schema.format === 'email') return 'someone@example.cm';
      return 'Sample';
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    case 'array': {
      const item = sample(doc, schema.items, property.replace(/s$/, ''), depth + 1);
      return item === undefined ? [] : [item];
    }
    default:
      if (schema.properties) return objectSample(doc, schema, depth + 1);
      return {};
  }
}

/** An object with the schema's required properties (optional ones are added one at a time by the probes). */
function objectSample(doc: Schema, raw: Schema, depth = 0): Record<string, Json> {
  const schema = resolve(doc, raw)!;
  const out: Record<string, Json> = {};
  for (const name of schema.required ?? []) {
    const value = sample(doc, schema.properties?.[name], name, depth);
    if (value !== undefined) out[name] = value;
  }
  return out;
}

function resolve(doc: Schema, schema: Schema | undefined): Schema | undefined {
  let current = schema;
  for (let hops = 0; current?.$ref && hops < 10; hops++) current = doc.components?.schemas?.[current.$ref.split('/').pop()];
  return current;
}

/** Values of the wrong kind and values no column or calculation should take, chosen by the property's type. */
function hostileValues(doc: Schema, raw: Schema | undefined): { label: string; raw: string }[] {
  const schema = resolve(doc, raw) ?? {};
  const type = schema.type ?? (schema.properties ? 'object' : schema.allOf ? 'object' : 'string');
  const of = (label: string, value: Json) => ({ label, raw: JSON.stringify(value) });
  const common = [of('null', null), { label: 'deep object', raw: DEEP_OBJECT }, of('proto object', JSON.parse('{"__proto__":{"polluted":true}}'))];
  switch (type) {
    case 'integer':
    case 'number':
      return [
        ...common,
        of('string', 'abc'),
        of('numeric string', '1'),
        of('negative', -1),
        of('fraction', 0.5),
        of('2^31', 2_147_483_648),
        of('2^63', 9_223_372_036_854_775_808),
        of('1e308', 1e308),
        { label: '1e400', raw: '1e400' },
        of('array', [1]),
      ];
    case 'boolean':
      return [...common, of('string', 'true'), of('number', 1), of('array', [true])];
    case 'array':
      return [
        ...common,
        of('string', 'x'),
        of('empty', []),
        of('nulls', [null]),
        of('wrong items', [12345, 'x', {}]),
        of(
          'many',
          Array.from({ length: 2_000 }, () => 'x'),
        ),
        { label: 'deep array', raw: DEEP_ARRAY },
      ];
    case 'object':
      return [...common, of('string', 'x'), of('array', []), of('number', 42), of('empty', {})];
    default:
      return [
        ...common,
        of('number', 12345),
        of('empty', ''),
        of('long', HUGE_TEXT),
        of('NUL', 'a\u0000b'),
        of('lone surrogate', '\ud800'),
        of('year 0', '0000-01-01'),
        of('year 9999', '9999-12-31'),
        of('Feb 30', '2024-02-30'),
        of('array', ['x']),
        of('object', { a: 1 }),
      ];
  }
}

/** `${METHOD} ${path}` → the DTO classes of the handler's @Body() and @Query(). */
function handlerDtos(running: RunningApp): Map<string, { body?: Function; query?: Function }> {
  const discovery = running.app.get(DiscoveryService);
  const scanner = running.app.get(MetadataScanner);
  const prefix = describeService(running.name).prefix;
  const join = (...parts: string[]) =>
    '/' +
    parts
      .flatMap((p) => p.split('/'))
      .filter(Boolean)
      .join('/');
  const out = new Map<string, { body?: Function; query?: Function }>();
  for (const wrapper of discovery.getControllers()) {
    const controller = wrapper.metatype as Function | undefined;
    const instance = wrapper.instance as object | undefined;
    if (!controller || !instance) continue;
    const bases = ([] as string[]).concat(Reflect.getMetadata(PATH_METADATA, controller) ?? '');
    for (const name of scanner.getAllMethodNames(Object.getPrototypeOf(instance))) {
      const handler = (instance as Record<string, Function>)[name];
      const sub = Reflect.getMetadata(PATH_METADATA, handler) as string | undefined;
      if (sub === undefined) continue;
      const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
      const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, name) ?? {}) as Record<string, { index: number; data?: unknown }>;
      const types = (Reflect.getMetadata('design:paramtypes', Object.getPrototypeOf(instance), name) ?? []) as Function[];
      const dtos: { body?: Function; query?: Function } = {};
      for (const [key, arg] of Object.entries(args)) {
        const kind = Number(key.split(':')[0]);
        const type = types[arg.index];
        const validated = type && getMetadataStorage().getTargetValidationMetadatas(type, '', false, false, undefined).length > 0;
        if (!validated || arg.data !== undefined) continue;
        if (kind === RouteParamtypes.BODY) dtos.body = type;
        if (kind === RouteParamtypes.QUERY) dtos.query = type;
      }
      for (const base of bases) {
        const local = join(base, sub);
        out.set(`${method} ${local}`, dtos);
        out.set(`${method} ${join(prefix, local)}`, dtos);
      }
    }
  }
  return out;
}

function propertiesOf(dto: Function | undefined): string[] {
  if (!dto) return [];
  return [
    ...new Set(
      getMetadataStorage()
        .getTargetValidationMetadatas(dto, '', false, false, undefined)
        .map((m) => m.propertyName),
    ),
  ];
}

function fillPath(path: string, value: (param: string, segment: string) => string): string {
  const segments = path.split('/');
  return segments.map((segment, i) => (segment.startsWith(':') ? value(segment.slice(1), segments[i - 1]) : segment)).join('/');
}

/** What is wrong with one answer, or undefined. */
function verdict(probe: Probe, status: number, headers: Headers, text: string, raw: boolean): string | undefined {
  if (status >= 500) return `status ${status}`;
  if (!headers.get('x-request-id')) return 'no X-Request-Id header';
  const contentType = headers.get('content-type') ?? '';
  for (const [pattern, what] of LEAKS) {
    if ((status >= 400 || contentType.includes('json')) && pattern.test(text)) return `body leaks ${what}`;
  }
  if (probe.expected && (status !== probe.expected.status || !text.includes(`"code":"${probe.expected.code}"`))) {
    return `expected ${probe.expected.status} ${probe.expected.code}`;
  }
  if (status < 400) {
    if (raw || status === 204 || status === 304 || !contentType.includes('json')) return undefined;
    try {
      return JSON.parse(text).success === true ? undefined : 'success body is not the success envelope';
    } catch {
      return 'success body is not JSON';
    }
  }
  if (!contentType.startsWith('application/json')) return `error content-type ${contentType || '(none)'}`;
  let body: any;
  try {
    body = JSON.parse(text);
  } catch {
    return 'error body is not JSON';
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return 'error body is not an object';
  const extra = Object.keys(body).filter((key) => !ENVELOPE_KEYS.has(key));
  if (extra.length) return `error body has keys outside the envelope: ${extra.join(', ')}`;
  if (body.success !== false) return 'success is not false';
  if (typeof body.message !== 'string' || !body.message) return 'message is not a string';
  if (typeof body.code !== 'string' || !(body.code in ERROR_CODES)) return `code ${JSON.stringify(body.code)} is not registered`;
  if (body.statusCode !== status) return `statusCode ${body.statusCode} differs from HTTP ${status}`;
  if (body.code !== 'HTTP_ERROR' && ERROR_CODES[body.code as keyof typeof ERROR_CODES].status !== status)
    return `code ${body.code} is registered with another status`;
  if (typeof body.timestamp !== 'string' || new Date(body.timestamp).toISOString() !== body.timestamp) return 'timestamp is not an ISO-8601 UTC time';
  if (body.code === 'VALIDATION_FAILED') {
    if (!body.errors || typeof body.errors !== 'object' || Array.isArray(body.errors)) return 'VALIDATION_FAILED without an errors object';
    if (!Object.values(body.errors).every((messages) => Array.isArray(messages) && messages.every((m) => typeof m === 'string')))
      return 'errors values are not string arrays';
  } else if (body.errors !== undefined) return 'errors present without VALIDATION_FAILED';
  return undefined;
}

/** Probes of routes that serve people carry this header; it is replaced by a session header minted just before the probe goes (session tokens live a minute). */
const SIGNED_IN = 'x-test-signed-in';

async function runAll(
  probes: Probe[],
  routes: Map<string, RouteInfo>,
  concurrency: number,
  failures: string[],
  sessionHeader?: (method: string, path: string) => Promise<Record<string, string>>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < probes.length) {
      const probe = probes[next++];
      const info = routes.get(probe.route)!;
      let problem: string | undefined;
      let status = 0;
      let text = '';
      try {
        let headers = probe.headers;
        if (headers[SIGNED_IN] !== undefined && sessionHeader) {
          const { [SIGNED_IN]: _marker, ...rest } = headers;
          headers = { ...rest, ...(await sessionHeader(probe.method, probe.path)) };
        }
        const response = await fetch(info.app.url + probe.path, { method: probe.method, headers, body: probe.body, signal: AbortSignal.timeout(20_000) });
        status = response.status;
        text = await response.text();
        problem = verdict(probe, status, response.headers, text, info.declaration.response.raw);
      } catch (error) {
        problem = `no answer: ${(error as Error).message}`;
      }
      if (problem) {
        const sent = probe.body === undefined ? '' : ` body=${String(probe.body).slice(0, 160)}`;
        failures.push(`${probe.route} [${probe.label}] ${probe.method} ${probe.path.slice(0, 200)}${sent}\n    → ${problem}: ${status} ${text.slice(0, 400)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

describe('hostile input on every route', () => {
  let stack: TestStack;
  let dev: Developer;
  const routes = new Map<string, RouteInfo>();
  const docs = new Map<ServiceName, Schema>();

  beforeAll(async () => {
    stack = await TestStack.start();
    const hr = await stack.startApp(HrModule, 'hr');
    const pay = await stack.startApp(PayModule, 'pay');
    const books = await stack.startApp(BooksModule, 'books');
    const payroll = await stack.startApp(PayrollModule, 'payroll', { HR_URL: hr.url, PAY_URL: pay.url, BOOKS_URL: books.url });
    const utilities = await stack.startApp(UtilitiesModule, 'utilities', { HR_URL: hr.url, PAYROLL_URL: payroll.url, BOOKS_URL: books.url });
    dev = await stack.developer();
    await seed({ hr, pay, books, payroll, utilities });

    for (const running of stack.apps) {
      const declarations = running.app.get(RouteAudit).routes();
      const openapi = declarations.find((route) => route.path.endsWith('/openapi.json'))!;
      const doc = (await (await fetch(running.url + openapi.path)).json()) as Schema;
      docs.set(running.name, doc);
      const dtos = handlerDtos(running);
      for (const declaration of declarations) {
        const key = `${running.name} ${declaration.method} ${declaration.path}`;
        const operation = doc.paths?.[declaration.path.replace(/:(\w+)/g, '{$1}')]?.[declaration.method.toLowerCase()] as Schema | undefined;
        const content = operation?.requestBody?.content ?? {};
        const handler = dtos.get(`${declaration.method} ${declaration.path}`) ?? {};
        const queryNames = new Set<string>(propertiesOf(handler.query));
        for (const parameter of operation?.parameters ?? []) if (parameter.in === 'query') queryNames.add(parameter.name);
        routes.set(key, {
          app: running,
          declaration,
          key,
          operation,
          bodySchema: content['application/json']?.schema,
          consumesMultipart: !!content['multipart/form-data'],
          bodyDto: handler.body,
          queryDto: handler.query,
          queryNames: [...queryNames],
        });
      }
    }
  }, 120_000);
  afterAll(() => stack?.stop());

  async function seed(apps: Record<'hr' | 'pay' | 'books' | 'payroll' | 'utilities', RunningApp>): Promise<void> {
    const ok = async (app: RunningApp, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
      const result = await dev.call(app, method, path, { body, headers });
      if (result.status >= 300) throw new Error(`seed ${method} ${path}: ${result.status} ${result.text}`);
      return result.body.data;
    };
    ids.company = dev.organizationId;
    const employee = await ok(apps.hr, 'POST', '/api/v1/hr/employees', {
      externalId: 'HOSTILE-1',
      firstName: 'Amina',
      lastName: 'Nkemelu',
      email: 'amina@example.cm',
      hireDate: '2022-05-02',
      jobTitle: 'Accountant',
      department: 'Finance',
      status: 'active',
      nationalId: '123456789',
      socialInsuranceNumber: 'CNPS-0001',
      payout: { method: 'mobile_money', provider: 'mtn_momo', phoneNumber: '+237677123456' },
    });
    ids.employees = employee.id;
    ids.contracts = (
      await ok(apps.hr, 'POST', '/api/v1/hr/contracts', {
        employeeId: employee.id,
        type: 'permanent',
        startDate: '2022-05-02',
        baseSalary: 350_000,
        currency: 'XAF',
        payFrequency: 'monthly',
      })
    ).id;
    // an employee no probe names, whose contract keeps payroll runs computable whatever the probes change
    const steady = await ok(apps.hr, 'POST', '/api/v1/hr/employees', {
      externalId: 'HOSTILE-2',
      firstName: 'Bruno',
      lastName: 'Steady',
      email: 'bruno@example.cm',
      hireDate: '2021-01-04',
      jobTitle: 'Clerk',
      department: 'Ops',
      status: 'active',
    });
    await ok(apps.hr, 'POST', '/api/v1/hr/contracts', {
      employeeId: steady.id,
      type: 'permanent',
      startDate: '2021-01-04',
      baseSalary: 250_000,
      currency: 'XAF',
      payFrequency: 'monthly',
    });
    ids['leave-types'] = (await ok(apps.hr, 'POST', '/api/v1/hr/leave-types', { name: 'Annual leave', annualAllowanceDays: 18 })).id;
    ids['leave-requests'] = (
      await ok(apps.hr, 'POST', '/api/v1/hr/leave-requests', {
        employeeId: employee.id,
        leaveTypeId: ids['leave-types'],
        startDate: '2026-08-03',
        endDate: '2026-08-05',
      })
    ).id;
    ids['performance-reviews'] = (
      await ok(apps.hr, 'POST', '/api/v1/hr/performance-reviews', { employeeId: employee.id, periodStart: '2025-01-01', periodEnd: '2025-06-30' })
    ).id;
    await ok(apps.hr, 'POST', '/api/v1/hr/attendance', { employeeId: employee.id, date: '2026-03-03', checkIn: '08:00', checkOut: '17:00' });

    await ok(apps.books, 'POST', '/api/v1/books/accounts/default-chart', {});
    const accounts = (await ok(apps.books, 'GET', '/api/v1/books/accounts?limit=100')).items as { id: string; code: string }[];
    [ids.accounts, ids.secondAccount, ids.firstCode, ids.secondCode] = [accounts[0].id, accounts[1].id, accounts[0].code, accounts[1].code];
    ids['journal-entries'] = (
      await ok(apps.books, 'POST', '/api/v1/books/journal-entries', {
        date: '2026-03-02',
        memo: 'Seed',
        lines: [
          { accountId: accounts[0].id, debit: 1000 },
          { accountId: accounts[1].id, credit: 1000 },
        ],
      })
    ).id;
    ids.periods = (await ok(apps.books, 'POST', '/api/v1/books/periods/close', { through: '2020-12-31' })).period.id;

    ids.wallets = (await ok(apps.pay, 'POST', '/api/v1/pay/wallets', { name: 'Main', currency: 'XAF' })).id;
    await ok(apps.pay, 'POST', `/api/v1/pay/wallets/${ids.wallets}/credits`, { amount: 10_000_000, currency: 'XAF' }, { 'idempotency-key': randomUUID() });
    ids.payments = (
      await ok(
        apps.pay,
        'POST',
        '/api/v1/pay/payments',
        {
          walletId: ids.wallets,
          amount: 1000,
          currency: 'XAF',
          description: 'Seed payment',
          recipient: { type: 'mobile_money', provider: 'mtn_momo', phoneNumber: '+237677123456' },
        },
        { 'idempotency-key': randomUUID() },
      )
    ).id;

    ids.runs = (await ok(apps.payroll, 'POST', '/api/v1/payroll/runs', { periodStart: '2026-03-01', periodEnd: '2026-03-31' })).id;

    const form = new FormData();
    form.append('file', new Blob([Buffer.from('hello, hostile world\n')], { type: 'text/plain' }), 'hello.txt');
    const uploaded = await fetch(`${apps.utilities.url}/api/v1/app/files`, { method: 'POST', headers: dev.headers(), body: form });
    if (uploaded.status !== 201) throw new Error(`seed upload: ${uploaded.status} ${await uploaded.text()}`);
    ids.files = ((await uploaded.json()) as { data: { id: string } }).data.id;
    ids.notifications = (await ok(apps.utilities, 'POST', '/api/v1/app/notifications', { category: 'general', title: 'Hello', body: 'Seed notification' })).id;
    ids.documents = (
      await ok(apps.utilities, 'POST', '/api/v1/app/documents', { type: 'payslip', format: 'pdf', data: { payrollRunId: ids.runs, employeeId: employee.id } })
    ).id;
    ids['document-jobs'] = (
      await ok(apps.utilities, 'POST', '/api/v1/app/document-jobs', {
        type: 'invoice',
        format: 'pdf',
        data: { number: 'F-1', customer: 'Client', currency: 'XAF', lines: [{ description: 'Work', quantity: 1, unitPrice: 1000 }] },
      })
    ).id;

    const workspace = await ok(stack.auth, 'POST', '/api/v1/workspaces', { name: 'Clients' });
    ids.workspaces = workspace.id;
    ids.companies = (await ok(stack.auth, 'POST', `/api/v1/workspaces/${workspace.id}/companies`, { name: 'Client SARL' })).id;
  }

  /** Services and methods whose pipeline got the hostile headers (the guards are global: one route of each is enough). */
  const headerProbed = new Set<string>();

  /** The hostile probes of one route. */
  function probesOf(info: RouteInfo): Probe[] {
    const { declaration, key } = info;
    const doc = docs.get(info.app.name)!;
    const internal = declaration.access === 'internal';
    const credentials = (): Record<string, string> =>
      internal
        ? { 'x-internal-token': stack.env.INTERNAL_TOKEN, 'idempotency-key': randomUUID() }
        : declaration.access === 'signed-in'
          ? { [SIGNED_IN]: '1' }
          : { ...dev.headers(), 'idempotency-key': randomUUID() };
    const explicit = explicitBases()[`${declaration.method} ${declaration.path}`] ?? {};
    const realPath = fillPath(declaration.path, (_param, segment) => ids[segment] ?? randomUUID());
    const hasBody = ['POST', 'PUT', 'PATCH'].includes(declaration.method);
    const required = (info.operation?.parameters ?? []).filter((p: Schema) => p.in === 'query' && p.required);
    const baseQuery = explicit.query ?? required.map((p: Schema) => `${p.name}=${encodeURIComponent(String(sample(doc, p.schema, p.name)))}`).join('&');
    // the hostile parameter replaces its base value, so the rest of the query stays valid
    const withQuery = (path: string, query: string) => {
      const replaced = new Set(query.split('&').map((pair) => pair.split('=')[0].replace(/\[.*$/, '')));
      const all = [...baseQuery.split('&').filter((pair: string) => pair && !replaced.has(pair.split('=')[0])), query].filter(Boolean).join('&');
      return all ? `${path}?${all}` : path;
    };
    const probes: Probe[] = [];
    const add = (
      label: string,
      path: string,
      options: { headers?: Record<string, string>; body?: string | Buffer; contentType?: string; expected?: Probe['expected'] } = {},
    ) => {
      const headers = { ...(options.headers ?? credentials()) };
      if (options.body !== undefined) headers['content-type'] = options.contentType ?? 'application/json';
      const body = typeof options.body === 'string' ? options.body.replaceAll(UNIQUE, () => randomUUID().slice(0, 8)) : options.body;
      probes.push({ route: key, label, method: declaration.method, path, headers, body, expected: options.expected });
    };
    const baseBody: Record<string, Json> = explicit.body ?? (info.bodySchema ? objectSample(doc, info.bodySchema) : {});
    const base = hasBody ? JSON.stringify(baseBody) : undefined;

    add('no credentials', withQuery(realPath, ''), { headers: {} });
    add('baseline', withQuery(realPath, ''), { body: base });

    for (const value of [randomUUID(), ...PATH_VALUES]) {
      if (!declaration.path.includes('/:')) break;
      add(
        `path ${value.slice(0, 24)}`,
        withQuery(
          fillPath(declaration.path, () => value),
          '',
        ),
        { body: base },
      );
    }
    if (declaration.path.includes('/:'))
      add(
        'path upper-case id',
        withQuery(
          fillPath(declaration.path, (_param, segment) => (ids[segment] ?? randomUUID()).toUpperCase()),
          '',
        ),
        { body: base },
      );

    for (const query of info.queryDto ? [...GENERIC_QUERIES, ...DTO_QUERIES] : GENERIC_QUERIES) {
      const unknown = /^(a=|unknownParam=|x{300}=)/.test(query);
      const known = info.queryNames.includes(query.split('=')[0]);
      add(`query ${query.slice(0, 30)}`, withQuery(realPath, query), {
        body: base,
        expected: unknown && info.queryDto && !known ? { status: 400, code: 'VALIDATION_FAILED' } : undefined,
      });
    }
    for (const name of info.queryNames) {
      for (const value of QUERY_JUNK)
        add(`query ${name}=${value.slice(0, 16)}`, withQuery(realPath, `${encodeURIComponent(name)}=${encodeURIComponent(value).replace(/%25/g, '%')}`), {
          body: base,
        });
      add(`query ${name} repeated`, withQuery(realPath, `${name}=1&${name}=2`), { body: base });
      add(`query ${name}[]`, withQuery(realPath, `${name}[]=1&${name}[x]=2`), { body: base });
    }

    if (!internal && declaration.access === 'authenticated' && headerProbed.size !== headerProbed.add(`${info.app.name} ${declaration.method}`).size) {
      const headerProbes: [string, Record<string, string>][] = [
        ['workspace only', { 'x-workspace-id': randomUUID() }],
        ['workspace junk', { 'x-workspace-id': 'not-a-uuid', 'x-acting-company-id': LONG }],
        ['acting unknown company', { 'x-workspace-id': randomUUID(), 'x-acting-company-id': randomUUID() }],
        ['acting own workspace, unknown company', { 'x-workspace-id': ids.workspaces, 'x-acting-company-id': randomUUID() }],
        ['odd accept-language', { 'accept-language': '*;q=abc, fr;q=2, ' + LONG }],
        ['long idempotency key', { 'idempotency-key': LONG }],
        ['bearer garbage', { authorization: 'Bearer a.b.c' }],
        ['bearer long', { authorization: `Bearer ${'A'.repeat(8_000)}` }],
        ['wrong api key', { 'x-platform-api-key': 'pk_sandbox_' + LONG }],
        ['wrong client id', { 'x-platform-client-id': '%00' }],
      ];
      for (const [label, extra] of headerProbes) add(`header ${label}`, withQuery(realPath, ''), { headers: { ...credentials(), ...extra }, body: base });
    }
    if (internal) add('wrong internal token', withQuery(realPath, ''), { headers: { 'x-internal-token': LONG } });

    if (hasBody) {
      const malformed = { status: 400, code: 'VALIDATION_FAILED' };
      const target = withQuery(realPath, '');
      add('body {}', target, { body: '{}' });
      add('body []', target, { body: '[]' });
      add('body null', target, { body: 'null' });
      add('body string', target, { body: '"text"' });
      add('body number', target, { body: '42' });
      add('body true', target, { body: 'true' });
      add('body invalid JSON', target, { body: '{"a":', expected: malformed });
      add('body trailing garbage', target, { body: '{}}', expected: malformed });
      // an empty JSON body is refused where the route reads a body; a route that reads none (approve, cancel) ignores it
      add('body empty JSON', target, { body: '', ...(info.bodySchema || info.bodyDto ? { expected: malformed } : {}) });
      add('body deep object', target, { body: DEEP_OBJECT });
      add('body deep array', target, { body: DEEP_ARRAY });
      add('body __proto__', target, { body: '{"__proto__":{"polluted":true}}' });
      add('body constructor.prototype', target, { body: '{"constructor":{"prototype":{"polluted":true}}}' });
      add('body text/plain', target, { body: 'just text', contentType: 'text/plain' });
      add('body xml', target, { body: '<a/>', contentType: 'application/xml' });
      add('body JSON with charset latin1', target, { body: base ?? '{}', contentType: 'application/json; charset=latin1' });
      add('body multipart', target, {
        body: '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nhello\r\n--XYZ--\r\n',
        contentType: 'multipart/form-data; boundary=XYZ',
      });
      add('body broken multipart', target, {
        body: '--XYZ\r\nContent-Disposition: form-data; name="file"\r\n\r\nhel',
        contentType: 'multipart/form-data; boundary=XYZ',
      });
      add('body multipart without boundary', target, { body: 'hello', contentType: 'multipart/form-data' });
      if (info.consumesMultipart) {
        const part = (disposition: string, content: string, type = 'text/plain') =>
          `--XYZ\r\nContent-Disposition: form-data; ${disposition}\r\nContent-Type: ${type}\r\n\r\n${content}\r\n`;
        const multipart = (label: string, ...parts: string[]) =>
          add(`multipart ${label}`, target, { body: Buffer.from(parts.join('') + '--XYZ--\r\n', 'latin1'), contentType: 'multipart/form-data; boundary=XYZ' });
        multipart('baseline', part('name="file"; filename="a.txt"', 'hello'));
        multipart('filename with NUL', part('name="file"; filename="a\u0000b.txt"', 'hello'));
        multipart('long filename', part(`name="file"; filename="${HUGE_TEXT}.txt"`, 'hello'));
        multipart('filename path', part('name="file"; filename="../../etc/passwd"', 'hello'));
        multipart('filename* invalid UTF-8', part('name="file"; filename*=UTF-8\'\'%ED%A0%80%00.txt', 'hello'));
        multipart('content-type with NUL', part('name="file"; filename="a.txt"', 'hello', 'text/pl\u0000ain'));
        multipart('long content-type', part('name="file"; filename="a.txt"', 'hello', `text/${HUGE_TEXT}`));
        multipart('binary executable', part('name="file"; filename="a.exe"', 'MZ' + '\u0090'.repeat(600), 'application/octet-stream'));
        multipart('empty file', part('name="file"; filename="a.txt"', ''));
        multipart('two files', part('name="file"; filename="a.txt"', 'a'), part('name="file"; filename="b.txt"', 'b'));
        multipart('file under another name', part('name="upload"; filename="a.txt"', 'a'));
        multipart('field name with NUL', part('name="vis\u0000ibility"', 'public'), part('name="file"; filename="a.txt"', 'a'));
        multipart('visibility junk', part('name="visibility"', `public\u0000${LONG}`), part('name="file"; filename="a.txt"', 'a'));
        multipart('visibility after file', part('name="file"; filename="a.txt"', 'a'), part('name="visibility"', 'public'));
        multipart('no file', part('name="visibility"', 'public'));
        multipart('many fields', ...Array.from({ length: 20 }, (_, i) => part(`name="f${i}"`, 'x')));
        multipart('no disposition', '--XYZ\r\nContent-Type: text/plain\r\n\r\nhello\r\n');
        add('multipart truncated', target, {
          body: '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nhel',
          contentType: 'multipart/form-data; boundary=XYZ',
        });
        add('multipart other boundary', target, {
          body: part('name="file"; filename="a.txt"', 'a') + '--XYZ--\r\n',
          contentType: 'multipart/form-data; boundary=ABC',
        });
        add('multipart as JSON', target, { body: JSON.stringify({ file: 'hello', visibility: 'public' }) });
      }
      if (info.bodySchema || info.bodyDto) {
        add('body unknown property', target, {
          body: JSON.stringify({ ...baseBody, unknownProperty: 'x' }),
          expected: { status: 400, code: 'VALIDATION_FAILED' },
        });
      }

      const schema = resolve(doc, info.bodySchema);
      const properties: Record<string, Schema> = { ...(schema?.properties ?? {}) };
      for (const name of propertiesOf(info.bodyDto)) properties[name] ??= {};
      if (Object.keys(properties).length) {
        const wrongTypes: Record<string, Json> = {};
        for (const [name, property] of Object.entries(properties))
          wrongTypes[name] = JSON.parse(hostileValues(doc, property).find((v) => v.label === 'string' || v.label === 'number')?.raw ?? '[]');
        add('body every property of the wrong type', target, { body: JSON.stringify(wrongTypes) });
      }
      for (const [name, property] of Object.entries(properties)) {
        for (const value of hostileValues(doc, property)) {
          add(`body ${name}=${value.label}`, target, { body: `${JSON.stringify({ ...baseBody, [name]: '\u0001' }).replace('"\\u0001"', value.raw)}` });
        }
        const nested = resolve(doc, resolve(doc, property)?.type === 'array' ? resolve(doc, property)!.items : property);
        if (!nested?.properties) continue;
        const item = objectSample(doc, nested);
        const wrap = (inner: Json) => (resolve(doc, property)?.type === 'array' ? [inner] : inner);
        for (const [innerName, innerProperty] of Object.entries(nested.properties as Record<string, Schema>)) {
          for (const value of hostileValues(doc, innerProperty).filter((v) => !/deep|proto|many/.test(v.label))) {
            const body = JSON.stringify({ ...baseBody, [name]: wrap({ ...item, [innerName]: '\u0001' }) }).replace('"\\u0001"', value.raw);
            add(`body ${name}.${innerName}=${value.label}`, target, { body });
          }
        }
      }
    }
    return probes;
  }

  /** Free-form `data` of documents: each type's fields with hostile values. */
  function documentProbes(info: RouteInfo): Probe[] {
    if (!/\/api\/v1\/app\/(documents|document-jobs)$/.test(info.declaration.path) || info.declaration.method !== 'POST') return [];
    const jobs = info.declaration.path.endsWith('document-jobs');
    const bases: Record<string, Record<string, Json>> = {
      payslip: { payrollRunId: ids.runs, employeeId: ids.employees },
      invoice: {
        number: 'F-1',
        customer: { name: 'Client' },
        currency: 'XAF',
        lines: [{ description: 'Work', quantity: 1, unitPrice: 1000 }],
        taxes: [{ name: 'TVA', rate: 19.25 }],
      },
      'financial-report': { from: '2026-01-01', to: '2026-03-31', title: 'Report' },
    };
    const manual: Record<string, Json> = { title: 'Manual', rows: [{ account: '521', debit: 10, credit: 0 }], currency: 'XAF' };
    const picked = /^(null|number|long|NUL|array|object|2\^63|1e400|fraction)$/;
    const values = [
      ...new Map(
        [...hostileValues({}, { type: 'string' }), ...hostileValues({}, { type: 'integer' })].filter((v) => picked.test(v.label)).map((v) => [v.label, v]),
      ).values(),
    ];
    const probes: Probe[] = [];
    const push = (label: string, body: string) =>
      probes.push({
        route: info.key,
        label,
        method: 'POST',
        path: info.declaration.path,
        headers: { ...dev.headers(), 'content-type': 'application/json' },
        body,
      });
    for (const format of ['pdf', 'xlsx', 'zip', 'docx']) {
      for (const [type, data] of [...Object.entries(bases), ['financial-report', manual] as [string, Record<string, Json>]]) {
        push(`document ${type}/${format} baseline`, JSON.stringify({ type, format, data }));
        if (format !== 'pdf' || jobs) continue;
        for (const field of [...Object.keys(data), 'locale', 'companyName', 'dueDate', 'issueDate', 'notes']) {
          for (const value of values)
            push(
              `document ${type} data.${field}=${value.label}`,
              JSON.stringify({ type, format, data: { ...data, [field]: '\u0001' } }).replace('"\\u0001"', value.raw),
            );
        }
        for (const list of ['lines', 'taxes', 'rows']) {
          const sampleItem = (data[list] as Record<string, Json>[] | undefined)?.[0];
          if (!sampleItem) continue;
          for (const field of Object.keys(sampleItem)) {
            for (const value of values)
              push(
                `document ${type} data.${list}.0.${field}=${value.label}`,
                JSON.stringify({ type, format, data: { ...data, [list]: [{ ...sampleItem, [field]: '\u0001' }] } }).replace('"\\u0001"', value.raw),
              );
          }
        }
      }
    }
    return probes;
  }

  /**
   * Document jobs the probes queued, once none is queued or running: they render after the
   * answer, so a failure there is the asynchronous 500 (INTERNAL_ERROR on the job).
   */
  async function settledDocumentJobs(): Promise<{ id: string; status: string; error: { code: string; message: string } | null }[]> {
    const utilities = stack.apps.find((running) => running.name === 'utilities')!;
    const deadline = Date.now() + 60_000;
    for (;;) {
      const jobs = [];
      for (let page = 1; ; page++) {
        const listed = await dev.call(utilities, 'GET', `/api/v1/app/document-jobs?limit=100&page=${page}`);
        jobs.push(...listed.body.data.items);
        if (page * 100 >= listed.body.data.total) break;
      }
      if (!jobs.some((job) => job.status === 'queued' || job.status === 'running') || Date.now() > deadline) return jobs;
      await sleep(200);
    }
  }

  it('never answers a 5xx, and every error is the error envelope with a registered code', async () => {
    const started = Date.now();
    const all = [...routes.values()];
    expect(all.length).toBeGreaterThan(100);
    expect(all.filter((info) => info.declaration.access === 'UNDECLARED')).toEqual([]);

    // Exchanges with bad keys are counted per client address: the token route goes last, and the
    // secret rotation, which revokes its caller's tokens, gets a credential of its own per probe.
    const isToken = (info: RouteInfo) => info.declaration.path === '/api/v1/authorize/token';
    const isRotation = (info: RouteInfo) => info.declaration.path === '/api/v1/authorize/rotate-secret';
    const isDeletion = (info: RouteInfo) => info.declaration.method === 'DELETE';
    const ordered = [...all.filter((i) => !isToken(i) && !isDeletion(i) && !isRotation(i)), ...all.filter(isDeletion)];
    const probes = ordered.flatMap((info) => [...probesOf(info), ...documentProbes(info)]);
    const rotations = all.filter(isRotation).flatMap((info) => probesOf(info));
    for (const probe of rotations) {
      if (probe.headers.authorization !== `Bearer ${dev.accessToken}`) continue;
      const own = await stack.developer();
      probe.headers.authorization = `Bearer ${own.accessToken}`;
      if (probe.headers['x-platform-api-key'] === dev.apiKey) probe.headers['x-platform-api-key'] = own.apiKey;
    }
    const tokens = all.filter(isToken).flatMap((info) => probesOf(info));
    const failures: string[] = [];
    const person = await stack.person(dev.organizationId);
    await runAll(probes, routes, 12, failures, person.sessionHeader);
    await runAll(rotations, routes, 4, failures);
    await runAll(tokens, routes, 4, failures);

    for (const job of await settledDocumentJobs()) {
      const error = job.error;
      if (job.status === 'queued' || job.status === 'running') failures.push(`utilities document job ${job.id} → still ${job.status} after a minute`);
      else if (error && (error.code === 'INTERNAL_ERROR' || !(error.code in ERROR_CODES) || LEAKS.some(([pattern]) => pattern.test(error.message)))) {
        failures.push(`utilities document job ${job.id} → failed with ${JSON.stringify(error)}`);
      }
    }

    const count = probes.length + rotations.length + tokens.length;
    process.stdout.write(
      `hostile input: ${count} requests on ${all.length} routes in ${((Date.now() - started) / 1000).toFixed(1)} s, ${failures.length} failures\n`,
    );
    expect(failures).toEqual([]);
    // about 50 requests a route, and the routes grow: a correctness test, given the time a loaded machine takes (what they cost is the bench's to say)
  }, 600_000);
});

/**
 * Inputs shaped to make validation work super-linearly or at length, each about as large as the
 * body limit (1 MiB) or the request line (16 KiB) allows: refused before class-transformer sees
 * them with 400 VALIDATION_FAILED naming the bound, while the service keeps answering. A wide
 * object took 8 s (class-transformer drops duplicate keys with an `indexOf` per key), with
 * /healthz/live and every other caller waiting.
 */
describe('hostile input shapes: bounded before any transformation', () => {
  const MiB = 1 << 20;
  /**
   * The longest health answer tolerated while a hostile request is processed. Only a stall of
   * seconds (the 8 s of the wide object before the bounds) fails it: on a shared 2-core machine
   * beside other work, answers of 800 ms were seen with the bounds in place. What the shapes cost
   * is the bench's to say (scenario 6), not this test's.
   */
  const LIVE_WITHIN_MS = 2000;
  let stack: TestStack;
  let dev: Developer;
  let pay: RunningApp;
  let utilities: RunningApp;

  beforeAll(async () => {
    stack = await TestStack.start();
    pay = await stack.startApp(PayModule, 'pay');
    utilities = await stack.startApp(UtilitiesModule, 'utilities');
    dev = await stack.developer();
  }, 120_000);
  afterAll(() => stack?.stop());

  /** `"k0":1,"k1":1,…` up to `bytes` long. */
  const keys = (bytes: number) => {
    const parts: string[] = [];
    for (let i = 0, length = 0; length < bytes; i++) length += (parts[i] = `"k${i}":1`).length + 1;
    return parts.join(',');
  };
  /** `item,item,…` up to `bytes` long. */
  const items = (item: string, bytes: number) =>
    Array(Math.floor(bytes / (item.length + 1)))
      .fill(item)
      .join(',');

  /**
   * Sends a hostile request and, until it is answered, asks the same service for /healthz/live
   * one call after the other: the answer, and the slowest health answer meanwhile.
   */
  async function whileLiveness(
    app: RunningApp,
    method: string,
    path: string,
    options: { rawBody?: string; headers?: Record<string, string> } = {},
  ): Promise<{ result: HttpResult; slowestLiveMs: number }> {
    let answered = false;
    const hostile = dev.call(app, method, path, options).finally(() => (answered = true));
    let slowestLiveMs = 0;
    while (!answered) {
      const started = performance.now();
      const live = await fetch(`${app.url}/healthz/live`, { signal: AbortSignal.timeout(15_000) });
      await live.arrayBuffer();
      expect(live.status).toBe(200);
      slowestLiveMs = Math.max(slowestLiveMs, performance.now() - started);
    }
    return { result: await hostile, slowestLiveMs };
  }

  async function expectRefused(
    app: RunningApp,
    method: string,
    path: string,
    options: { rawBody?: string; headers?: Record<string, string> },
    errors: Record<string, string[]>,
  ): Promise<void> {
    expect((options.rawBody ?? path).length).toBeGreaterThan(method === 'GET' ? 8_000 : 500_000);
    const { result, slowestLiveMs } = await whileLiveness(app, method, path, options);
    expectError(result, 400, 'VALIDATION_FAILED');
    expect(result.body.errors).toEqual(errors);
    expect(slowestLiveMs).toBeLessThan(LIVE_WITHIN_MS);
  }

  it(`refuses an object of more than ${MAX_OBJECT_KEYS} keys: the reported 536 KB body of 60,000 keys under one property, and 1 MiB of them at the top`, async () => {
    const reported = `{"name":"w","currency":"XAF","x":{${Array.from({ length: 60_000 }, (_, i) => `"k${i}":1`).join(',')}}}`;
    await expectRefused(pay, 'POST', '/api/v1/pay/wallets', { rawBody: reported }, { x: [`x must not have more than ${MAX_OBJECT_KEYS} keys`] });
    await expectRefused(
      pay,
      'POST',
      '/api/v1/pay/wallets',
      { rawBody: `{"name":"w","currency":"XAF",${keys(MiB - 100)}}` },
      { body: [`body must not have more than ${MAX_OBJECT_KEYS} keys`] },
    );
  });

  it(`refuses a body of more than ${MAX_INPUT_VALUES} values: 1 MiB of numbers, of empty objects, of short strings`, async () => {
    const tooMany = { body: [`body must not have more than ${MAX_INPUT_VALUES} values`] };
    for (const item of ['1', '{}', '"s"'])
      await expectRefused(pay, 'POST', '/api/v1/pay/wallets', { rawBody: `{"name":"w","currency":"XAF","x":[${items(item, MiB - 100)}]}` }, tooMany);
    // a notification's channels, distinct and within the values: their own bound, checked in linear time
    const channels = Array.from({ length: MAX_INPUT_VALUES - 20 }, (_, i) => `"channel${i}${'x'.repeat(40)}"`).join(',');
    const { result, slowestLiveMs } = await whileLiveness(utilities, 'POST', '/api/v1/app/notifications', {
      rawBody: `{"category":"general","title":"t","body":"b","channels":[${channels}]}`,
    });
    expectError(result, 400, 'VALIDATION_FAILED');
    expect(result.body.errors.channels).toContain('channels must contain no more than 5 elements');
    expect(slowestLiveMs).toBeLessThan(LIVE_WITHIN_MS);
  });

  it(`refuses 1 MiB of nesting, ${MAX_INPUT_DEPTH} levels deep at most`, async () => {
    await expectRefused(
      pay,
      'POST',
      '/api/v1/pay/wallets',
      { rawBody: `{"name":"w","currency":"XAF","x":${'{"a":'.repeat(MiB / 6 - 20)}1${'}'.repeat(MiB / 6 - 20)}}` },
      {
        x: [`x must not nest objects or arrays more than ${MAX_INPUT_DEPTH} levels deep`],
      },
    );
    await expectRefused(
      pay,
      'POST',
      '/api/v1/pay/wallets',
      { rawBody: `{"name":"w","currency":"XAF","x":${'['.repeat(MiB / 2 - 40)}${']'.repeat(MiB / 2 - 40)}}` },
      {
        x: [`x must not nest objects or arrays more than ${MAX_INPUT_DEPTH} levels deep`],
      },
    );
  });

  it('checks strings of 1 MiB against the patterns of their fields in linear time', async () => {
    const long = (prefix: string, char: string) => JSON.stringify(prefix + char.repeat(MiB / 3 - 200));
    const body = `{"walletId":${long('', '0')},"amount":1,"currency":"XAF","description":${long('', ' ')},"recipient":{"type":"mobile_money","provider":"mtn_momo","phoneNumber":${long('+2376', '7')}}}`;
    const { result, slowestLiveMs } = await whileLiveness(pay, 'POST', '/api/v1/pay/payments', { rawBody: body, headers: { 'idempotency-key': randomUUID() } });
    expectError(result, 400, 'VALIDATION_FAILED');
    expect(Object.keys(result.body.errors).sort()).toEqual(['description', 'recipient.phoneNumber', 'walletId']);
    expect(slowestLiveMs).toBeLessThan(LIVE_WITHIN_MS);
  });

  it(`refuses a query of more than ${MAX_OBJECT_KEYS} parameters, and answers a parameter repeated as often as the request line allows`, async () => {
    const parameters = Array.from({ length: 1_500 }, (_, i) => `p${i}=1`).join('&');
    await expectRefused(pay, 'GET', `/api/v1/pay/wallets?${parameters}`, {}, { query: [`query must not have more than ${MAX_OBJECT_KEYS} parameters`] });
    // past the 16 KiB of request line and headers Node reads: refused before any parsing, in the envelope
    const tooLong = await dev.call(pay, 'GET', `/api/v1/pay/wallets?${parameters}&${parameters}`);
    expectError(tooLong, 431, 'HTTP_ERROR');
    expect(tooLong.body.message).toBe('The request headers are too large.');
    expect(tooLong.headers.get('x-request-id')).toMatch(/^[\w-]{36}$/);
    const { result, slowestLiveMs } = await whileLiveness(pay, 'GET', `/api/v1/pay/wallets?${Array(1_000).fill('currency=XAF').join('&')}`);
    expectError(result, 400, 'VALIDATION_FAILED');
    expect(Object.keys(result.body.errors)).toEqual(['currency']);
    expect(slowestLiveMs).toBeLessThan(LIVE_WITHIN_MS);
  });
});
