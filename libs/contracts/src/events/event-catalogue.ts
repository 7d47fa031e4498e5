import { createHash } from 'node:crypto';
import { toJsonSchema } from '../json-schema';
import type { ServiceName } from '../service';
import { EVENT_DEFINITIONS } from './event-definitions';
import { EVENT_TYPES, EVENT_VERSION, EventType } from './event-types';
import generated from './event-catalogue.schemas.json';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON Schema documents, walked by key
type Json = Record<string, any>;
/** OpenAPI 3.0 component schemas by name, as one service's document has them. */
export type ComponentSchemas = Record<string, Json>;

/**
 * The schemas the events' `data` need, copied from the six services' OpenAPI documents: each
 * event's data component and everything it refers to, by service. Generated, never edited:
 * test/pipeline/event-catalogue.e2e-spec.ts compares it with what the running services serve
 * (UPDATE_EVENT_CATALOGUE=1 rewrites it).
 */
export interface EventSchemas {
  $comment: string;
  schemas: Record<ServiceName, ComponentSchemas>;
}

export const REGENERATE_EVENT_CATALOGUE = 'UPDATE_EVENT_CATALOGUE=1 npx jest test/pipeline/event-catalogue.e2e-spec.ts --runInBand';

/** One event type as the catalogue publishes it. */
export interface EventCatalogueEntry {
  type: EventType;
  service: ServiceName;
  version: number;
  description: string;
  /** JSON Schema (draft-07) of the whole envelope, `data` included, self-contained (`definitions`). */
  schema: Json;
  /** An envelope as a webhook delivers it. */
  example: Json;
}

const REF = /^#\/components\/schemas\//;

/** The names `schema` refers to, transitively, in `components` (its own name first when given). */
function closure(components: ComponentSchemas, name: string): string[] {
  const found: string[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node as Json)) {
      if (key === '$ref' && typeof value === 'string' && REF.test(value)) add(value.replace(REF, ''));
      else visit(value);
    }
  };
  const add = (next: string): void => {
    if (found.includes(next)) return;
    if (!components[next]) throw new Error(`event catalogue: schema ${next} is not in the document`);
    found.push(next);
    visit(components[next]);
  };
  add(name);
  return found;
}

/** The service recording each event type. */
export const EVENT_SERVICES = Object.fromEntries(
  (Object.entries(EVENT_TYPES) as [ServiceName, readonly EventType[]][]).flatMap(([service, types]) => types.map((type) => [type, service])),
) as Record<EventType, ServiceName>;

/** What the catalogue keeps of the services' documents: each event's data schema with what it refers to. */
export function eventSchemasOf(documents: Record<ServiceName, { components?: { schemas?: Json } }>): EventSchemas {
  const schemas = {} as Record<ServiceName, ComponentSchemas>;
  for (const service of Object.keys(EVENT_TYPES) as ServiceName[]) {
    const components = (documents[service].components?.schemas ?? {}) as ComponentSchemas;
    const names = new Set(EVENT_TYPES[service].flatMap((type) => closure(components, EVENT_DEFINITIONS[type].data)));
    schemas[service] = Object.fromEntries([...names].sort().map((name) => [name, components[name]]));
  }
  return { $comment: `Generated from the services' OpenAPI documents; do not edit. Regenerate: ${REGENERATE_EVENT_CATALOGUE}`, schemas };
}

/** The schemas kept by the last generation. */
export const EVENT_SCHEMAS = generated as unknown as EventSchemas;

/** The envelope's schema (OpenAPI 3.0) with `data` the schema `dataRef` points to. */
function envelopeSchema(type: EventType, dataRef: string): Json {
  return {
    type: 'object',
    description: EVENT_DEFINITIONS[type].description,
    required: ['id', 'type', 'occurredAt', 'companyId', 'data', 'version'],
    properties: {
      id: { type: 'string', format: 'uuid', description: 'The event’s id, the same in every delivery of it (the `webhook-id` header): deduplicate by it.' },
      type: { type: 'string', enum: [type] },
      occurredAt: { type: 'string', format: 'date-time', description: 'When the change committed.' },
      companyId: { type: 'string', format: 'uuid', description: 'The company whose data changed.' },
      data: { allOf: [{ $ref: dataRef }], description: 'The resource as the API answers it after the change.' },
      version: { type: 'integer', enum: [EVENT_VERSION], description: 'The version of `data`’s shape; raised when a field is removed or changes meaning.' },
    },
  };
}

/** A uuid that is the same for the same name, so that examples do not change between builds. */
function exampleUuid(name: string): string {
  const hex = createHash('sha256').update(name).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const EXAMPLE_TIME = '2026-03-31T09:15:02.000Z';
const EXAMPLE_COMPANY = exampleUuid('company');

/** A value of `schema` made of its examples, enums and formats; a nullable field without an example is null, an optional one left out. */
function exampleOf(schema: Json, components: ComponentSchemas, name: string, depth = 0): unknown {
  if (depth > 8) return null;
  const ref = typeof schema.$ref === 'string' ? schema.$ref.replace(REF, '') : null;
  if (ref) return exampleOf(components[ref], components, name, depth + 1);
  if (schema.example !== undefined) return schema.example;
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((part: Json) => exampleOf(part, components, name, depth + 1)));
  const options = (schema.oneOf ?? schema.anyOf) as Json[] | undefined;
  if (options) return exampleOf(options.find((option) => !(option.enum?.length === 1 && option.enum[0] === null)) ?? options[0], components, name, depth + 1);
  if (schema.nullable) return null;
  if (schema.enum) return schema.enum.find((value: unknown) => value !== null) ?? null;
  switch (schema.type) {
    case 'object': {
      // the required properties, and the optional ones the schema gives an example of
      const required = new Set<string>(schema.required ?? []);
      const shown = Object.entries((schema.properties ?? {}) as Json).filter(([property, sub]) => required.has(property) || sub.example !== undefined);
      return Object.fromEntries(shown.map(([property, sub]) => [property, exampleOf(sub, components, property, depth + 1)]));
    }
    case 'array':
      return schema.items ? [exampleOf(schema.items, components, name, depth + 1)] : [];
    case 'integer':
    case 'number':
      return schema.minimum ?? 0;
    case 'boolean':
      return false;
    default:
      if (name === 'companyId') return EXAMPLE_COMPANY;
      if (schema.format === 'uuid') return exampleUuid(name);
      if (schema.format === 'date-time') return EXAMPLE_TIME;
      if (schema.format === 'date') return '2026-03-31';
      if (schema.format === 'email') return 'finance@example.cm';
      if (schema.pattern === '^[A-Z]{3}$') return 'XAF';
      if (schema.pattern === '^[A-Z]{2}$') return 'CM';
      return name;
  }
}

/** `override` laid over `base`: objects merged key by key, anything else replaced. */
function merged(base: unknown, override: unknown): unknown {
  if (!override || typeof override !== 'object' || Array.isArray(override) || !base || typeof base !== 'object' || Array.isArray(base)) return override;
  const out: Json = { ...(base as Json) };
  for (const [key, value] of Object.entries(override as Json)) out[key] = merged(out[key], value);
  return out;
}

function exampleEnvelope(type: EventType, components: ComponentSchemas): Json {
  const definition = EVENT_DEFINITIONS[type];
  const data = merged(exampleOf(components[definition.data], components, definition.data), definition.example ?? {});
  return { id: exampleUuid(`event ${type}`), type, occurredAt: EXAMPLE_TIME, companyId: EXAMPLE_COMPANY, data, version: EVENT_VERSION };
}

let catalogue: EventCatalogueEntry[] | null = null;

function isGenerated(service: ServiceName, type: EventType): boolean {
  try {
    closure(EVENT_SCHEMAS.schemas[service] ?? {}, EVENT_DEFINITIONS[type].data);
    return true;
  } catch {
    return false;
  }
}

/** Every event type the suite records, with its envelope's JSON Schema and an example, by service. */
export function eventCatalogue(): EventCatalogueEntry[] {
  catalogue ??= (Object.keys(EVENT_TYPES) as ServiceName[]).flatMap((service) =>
    // a type whose schemas the last generation did not keep is left out until the next one (the
    // catalogue's test fails meanwhile): the documents the generation reads must still build
    EVENT_TYPES[service]
      .filter((type) => isGenerated(service, type))
      .map((type): EventCatalogueEntry => {
        const components = EVENT_SCHEMAS.schemas[service];
        const definition = EVENT_DEFINITIONS[type];
        const definitions = Object.fromEntries(closure(components, definition.data).map((name) => [name, toJsonSchema(components[name], '')]));
        return {
          type,
          service,
          version: EVENT_VERSION,
          description: definition.description,
          schema: {
            $schema: 'http://json-schema.org/draft-07/schema#',
            title: type,
            ...(toJsonSchema(envelopeSchema(type, `#/components/schemas/${definition.data}`), '') as Json),
            definitions,
          },
          example: exampleEnvelope(type, components),
        };
      }),
  );
  return catalogue;
}

const pascal = (text: string) => text.replace(/(^|[._])([a-z])/g, (_, __, letter: string) => letter.toUpperCase());

/** The name of a service's schema in `document`'s document: its own as they are, another's prefixed by its service. */
const publishedName = (document: ServiceName, service: ServiceName, name: string) => (service === document ? name : `${pascal(service)}${name}`);

/** Utilities delivers every service's events; each other service's document lists those it records. */
const PUBLISHES_ALL: ServiceName = 'utilities';

/** The Standard Webhooks headers every delivery carries. */
const DELIVERY_HEADERS = [
  {
    name: 'webhook-id',
    description: 'The event’s id (`id` of the body): the same on every retry. Deduplicate by it.',
    example: exampleUuid('event employee.created'),
  },
  {
    name: 'webhook-timestamp',
    description: 'Seconds since the epoch when this attempt was signed; refuse one too far from your clock.',
    example: '1774948502',
  },
  {
    name: 'webhook-signature',
    description:
      '`v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>`, keyed with the endpoint’s secret (Standard Webhooks); a space separates several.',
    example: 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
  },
];

export const WEBHOOK_DELIVERY_NOTE =
  'Delivery is at least once: an event may arrive more than once, so deduplicate by `webhook-id` (the event’s `id`). ' +
  'Order is not guaranteed: compare `occurredAt`, or read the resource, before acting on an older event. ' +
  'Answer any 2xx quickly to acknowledge; anything else, or no answer in time, is retried with backoff.';

/**
 * The catalogue as OpenAPI 3.0 `x-webhooks` (what Redoc and Redocly read in a 3.0 document) of
 * `document`'s document: one POST per event type with its envelope as the request body, and the
 * component schemas it needs, named as that document names them. Utilities' lists every event
 * type; another service's, those it records.
 */
export function eventWebhooks(document: ServiceName): { webhooks: Record<string, Json>; schemas: ComponentSchemas } {
  const schemas: ComponentSchemas = {};
  const published = (service: ServiceName, ref: string) => `#/components/schemas/${publishedName(document, service, ref.replace(REF, ''))}`;
  const rename = (service: ServiceName, node: unknown, inMapping = false): unknown => {
    if (Array.isArray(node)) return node.map((item) => rename(service, item));
    if (!node || typeof node !== 'object') return node;
    return Object.fromEntries(
      Object.entries(node as Json).map(([key, value]) => {
        // refs are `$ref` values, and a discriminator's mapping values
        const isRef = (key === '$ref' || inMapping) && typeof value === 'string' && REF.test(value);
        return [key, isRef ? published(service, value) : rename(service, value, key === 'mapping')];
      }),
    );
  };
  const webhooks: Record<string, Json> = {};
  for (const entry of eventCatalogue()) {
    if (document !== PUBLISHES_ALL && entry.service !== document) continue;
    const components = EVENT_SCHEMAS.schemas[entry.service];
    const data = EVENT_DEFINITIONS[entry.type].data;
    for (const name of closure(components, data)) schemas[publishedName(document, entry.service, name)] = rename(entry.service, components[name]) as Json;
    const envelope = `${pascal(entry.type)}Event`;
    schemas[envelope] = envelopeSchema(entry.type, published(entry.service, data));
    webhooks[entry.type] = {
      post: {
        operationId: `event_${entry.type.replace('.', '_')}`,
        summary: entry.type,
        description: `${entry.description} Recorded by the ${entry.service} service. ${WEBHOOK_DELIVERY_NOTE}`,
        parameters: DELIVERY_HEADERS.map((header) => ({
          in: 'header',
          name: header.name,
          required: true,
          description: header.description,
          schema: { type: 'string' },
          example: header.example,
        })),
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: `#/components/schemas/${envelope}` }, example: entry.example } } },
        responses: {
          '200': { description: 'Any 2xx acknowledges the delivery.' },
          default: { description: 'Anything else, or no answer in time: the delivery failed and is tried again later.' },
        },
        security: [],
      },
    };
  }
  return { webhooks, schemas };
}

/** A service's document with its events as `x-webhooks` and the schemas they need (its own schemas win a name); unchanged when it lists none. */
export function withEventWebhooks<T extends { components?: { schemas?: Record<string, unknown> } }>(document: T, service: ServiceName): T {
  const { webhooks, schemas } = eventWebhooks(service);
  if (!Object.keys(webhooks).length) return document;
  const own = document.components?.schemas ?? {};
  const added = Object.fromEntries(Object.entries(schemas).filter(([name]) => !(name in own)));
  return { ...document, 'x-webhooks': webhooks, components: { ...document.components, schemas: { ...own, ...added } } };
}
