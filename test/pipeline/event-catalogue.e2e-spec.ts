import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  describeService,
  EVENT_SCHEMAS,
  EVENT_TYPES,
  eventCatalogue,
  eventSchemasOf,
  REGENERATE_EVENT_CATALOGUE,
  ServiceName,
  toJsonSchema,
} from '@platform/contracts';
import { closedSchema } from '@test/support/closed-schema';
import { call } from '@test/support/http';
import { PRODUCT_APPS } from '@test/support/products';
import { ROOT } from '@test/support/paths';
import { expectError, RunningApp, TestStack } from '@test/support/stack';

const KEPT = join(ROOT, 'libs', 'common', 'src', 'events', 'event-catalogue.schemas.json');

type Json = Record<string, any>;

/**
 * The event catalogue: its schemas are those of the services' OpenAPI documents as they serve
 * them now (kept in libs/contracts/src/events/event-catalogue.schemas.json, rewritten with
 * UPDATE_EVENT_CATALOGUE=1), every event type has an entry whose example its schema accepts, and
 * utilities serves it at GET /api/v1/app/webhooks/event-types and as `x-webhooks` of its document.
 * test/flows/events.e2e-spec.ts checks the events the services really record against it.
 */
describe('the event catalogue', () => {
  let stack: TestStack;
  let utilities: RunningApp;
  const documents = {} as Record<ServiceName, Json>;

  beforeAll(async () => {
    stack = await TestStack.start({ redis: false });
    for (const [module, name] of PRODUCT_APPS) await stack.startApp(module, name);
    utilities = stack.apps.find((app) => app.name === 'utilities')!;
    for (const running of stack.apps) {
      const response = await fetch(`${running.url}/${describeService(running.name).prefix}/openapi.json`);
      expect(response.status).toBe(200);
      documents[running.name] = (await response.json()) as Json;
    }
  }, 120_000);

  afterAll(() => stack?.stop());

  it('keeps the schemas the services’ documents have now', () => {
    const generated = eventSchemasOf(documents);
    if (process.env.UPDATE_EVENT_CATALOGUE) writeFileSync(KEPT, `${JSON.stringify(generated, null, 2)}\n`);
    else
      expect({ stale: JSON.stringify(generated) !== JSON.stringify(EVENT_SCHEMAS), regenerate: REGENERATE_EVENT_CATALOGUE }).toEqual({
        stale: false,
        regenerate: REGENERATE_EVENT_CATALOGUE,
      });
  });

  it('has an entry for every event type, in the order of EVENT_TYPES, whose example its schema accepts', () => {
    const catalogue = eventCatalogue();
    expect(catalogue.map((entry) => [entry.service, entry.type])).toEqual(
      Object.entries(EVENT_TYPES).flatMap(([service, types]) => types.map((type) => [service, type])),
    );
    const ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(ajv);
    const rejected = catalogue.flatMap((entry) => {
      // closed: a field the example makes up is refused too
      const validate = ajv.compile(closedSchema(entry.schema) as Json);
      return validate(entry.example) ? [] : [`${entry.type}: ${ajv.errorsText(validate.errors)}`];
    });
    expect(rejected).toEqual([]);
    for (const entry of catalogue) {
      expect(entry.example).toMatchObject({ type: entry.type, version: entry.version, companyId: expect.any(String) });
      expect(entry.description).toMatch(/^[A-Z].+\.$/);
    }
    // a schema that accepts anything would accept these too
    const payrollRun = catalogue.find((entry) => entry.type === 'payroll_run.approved')!;
    const validate = ajv.compile(payrollRun.schema);
    expect(validate({ ...payrollRun.example, type: 'payroll_run.paid' })).toBe(false);
    expect(validate({ ...payrollRun.example, data: { ...payrollRun.example.data, totalNet: '1062600' } })).toBe(false);
    const { status: _dropped, ...withoutStatus } = payrollRun.example.data;
    expect(validate({ ...payrollRun.example, data: withoutStatus })).toBe(false);
  });

  it('GET /api/v1/app/webhooks/event-types answers the catalogue to a credential that reads webhooks', async () => {
    const dev = await stack.developer({ scopes: ['webhooks:read'] });
    const listed = await dev.call(utilities, 'GET', '/api/v1/app/webhooks/event-types');
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({ success: true, message: expect.any(String), data: { items: JSON.parse(JSON.stringify(eventCatalogue())) } });
    expect(listed.body.data.items.find((entry: Json) => entry.type === 'employee.created')).toMatchObject({
      service: 'hr',
      version: 1,
      schema: {
        properties: { type: { enum: ['employee.created'] } },
        definitions: { EmployeeView: { required: expect.arrayContaining(['id', 'externalId', 'status']) } },
      },
      example: { type: 'employee.created', data: { firstName: 'Amina', status: 'active' } },
    });

    expectError(await call(utilities.url, 'GET', '/api/v1/app/webhooks/event-types'), 401, 'AUTH_TOKEN_MISSING');
    const writer = await stack.developer({ scopes: ['hr:read'] });
    expectError(await writer.call(utilities, 'GET', '/api/v1/app/webhooks/event-types'), 403, 'INSUFFICIENT_SCOPE');
  });

  it('publishes every event type as x-webhooks of the utilities document (each service’s own in its document), its request body the envelope and its example valid', () => {
    const document = documents.utilities;
    const webhooks = document['x-webhooks'] as Record<string, Json>;
    expect(Object.keys(webhooks)).toEqual(Object.values(EVENT_TYPES).flat());
    const ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema({ $id: 'utilities', definitions: toJsonSchema(document.components.schemas, 'utilities') as Json });
    const rejected: string[] = [];
    for (const [type, item] of Object.entries(webhooks)) {
      expect(item.post.parameters.map((parameter: Json) => parameter.name)).toEqual(['webhook-id', 'webhook-timestamp', 'webhook-signature']);
      expect(item.post.description).toContain('deduplicate by `webhook-id`');
      const body = item.post.requestBody.content['application/json'];
      const validate = ajv.compile(toJsonSchema(body.schema, 'utilities') as Json);
      if (!validate(body.example)) rejected.push(`${type}: ${ajv.errorsText(validate.errors)}`);
      if (validate({ ...body.example, data: 'not the resource' })) rejected.push(`${type}: accepts a string as data`);
    }
    expect(rejected).toEqual([]);
    // another service's schema keeps its name, prefixed by its service; the utilities' own stay as they are
    expect(document.components.schemas.EmployeeCreatedEvent.properties.data.allOf).toEqual([{ $ref: '#/components/schemas/HrEmployeeView' }]);
    expect(document.components.schemas.DocumentCreatedEvent.properties.data.allOf).toEqual([{ $ref: '#/components/schemas/DocumentView' }]);
    // every other service's document lists the events it records, with its own names
    for (const service of Object.keys(EVENT_TYPES).filter((name) => name !== 'utilities') as ServiceName[]) {
      expect([service, Object.keys(documents[service]['x-webhooks'] ?? {})]).toEqual([service, EVENT_TYPES[service]]);
    }
    expect(documents.hr.components.schemas.EmployeeCreatedEvent.properties.data.allOf).toEqual([{ $ref: '#/components/schemas/EmployeeView' }]);
  });
});
