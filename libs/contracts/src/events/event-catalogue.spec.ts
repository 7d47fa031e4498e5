import type { ServiceName } from '../service';
import { EVENT_SCHEMAS, eventCatalogue, eventSchemasOf, eventWebhooks, withEventWebhooks } from './event-catalogue';
import { EVENT_TYPES } from './event-types';

type Json = Record<string, any>;

/** Documents holding exactly the kept schemas, as the services would serve them. */
const documents = () =>
  Object.fromEntries(Object.entries(structuredClone(EVENT_SCHEMAS.schemas)).map(([service, schemas]) => [service, { components: { schemas } }])) as Record<
    ServiceName,
    { components: { schemas: Json } }
  >;

/** Every `$ref` (and discriminator mapping) in a schema. */
function refsIn(node: unknown, inMapping = false): string[] {
  if (Array.isArray(node)) return node.flatMap((item) => refsIn(item));
  if (!node || typeof node !== 'object') return [];
  return Object.entries(node as Json).flatMap(([key, value]) =>
    (key === '$ref' || inMapping) && typeof value === 'string' ? [value] : refsIn(value, key === 'mapping'),
  );
}

describe('event catalogue', () => {
  it('keeps each event’s data schema with everything it refers to, and names a schema a document lacks', () => {
    expect(eventSchemasOf(documents())).toEqual(EVENT_SCHEMAS);
    expect(Object.keys(EVENT_SCHEMAS.schemas.hr)).toEqual(
      expect.arrayContaining(['EmployeeView', 'ContractView', 'LeaveRequestView', 'BankPayout', 'MobileMoneyPayout']),
    );
    const lacking = documents();
    delete lacking.hr.components.schemas.BankPayout;
    expect(() => eventSchemasOf(lacking)).toThrow('event catalogue: schema BankPayout is not in the document');
  });

  it('makes the same examples on every build, the envelope’s company the data’s', () => {
    const [first, second] = [eventCatalogue(), JSON.parse(JSON.stringify(eventCatalogue()))];
    expect(second).toEqual(first);
    for (const entry of first) {
      expect(entry.example.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/);
      if ('companyId' in entry.example.data) expect([entry.type, entry.example.data.companyId]).toEqual([entry.type, entry.example.companyId]);
    }
    expect(new Set(first.map((entry) => entry.example.id)).size).toBe(first.length);
  });

  it('lists a service’s own events in its document under its own names, and every event in utilities’ with the others’ prefixed', () => {
    const hr = eventWebhooks('hr');
    expect(Object.keys(hr.webhooks)).toEqual([...EVENT_TYPES.hr]);
    expect(Object.keys(hr.schemas)).toContain('EmployeeView');
    expect(refsIn(hr.schemas).every((ref) => /^#\/components\/schemas\/(?!Hr)[A-Z]/.test(ref))).toBe(true);

    const utilities = eventWebhooks('utilities');
    expect(Object.keys(utilities.webhooks)).toEqual(Object.values(EVENT_TYPES).flat());
    expect(utilities.schemas.PaymentSucceededEvent.properties.data.allOf).toEqual([{ $ref: '#/components/schemas/PayPayment' }]);
    expect(utilities.schemas.DocumentCreatedEvent.properties.data.allOf).toEqual([{ $ref: '#/components/schemas/DocumentView' }]);
    // every reference, discriminator mappings included, names a schema the document gets
    const missing = refsIn(utilities.schemas)
      .map((ref) => ref.replace('#/components/schemas/', ''))
      .filter((name) => !utilities.schemas[name]);
    expect(missing).toEqual([]);
    expect(refsIn(utilities.schemas.PayPayment)).toContain('#/components/schemas/PayWalletRecipient');
  });

  it('adds to a document what it lacks and keeps its own schemas', () => {
    const own = { type: 'object', description: 'as the document has it' };
    const document = withEventWebhooks({ openapi: '3.0.0', components: { schemas: { DocumentView: own } } }, 'utilities') as Json;
    expect(document.components.schemas.DocumentView).toBe(own);
    expect(document.components.schemas.HrEmployeeView).toEqual(expect.objectContaining({ type: 'object' }));
    expect(Object.keys(document['x-webhooks'])).toHaveLength(Object.values(EVENT_TYPES).flat().length);
  });
});
