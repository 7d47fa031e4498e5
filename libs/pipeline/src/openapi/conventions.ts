import type { OpenAPIObject } from '@nestjs/swagger';
import type {
  HeaderObject,
  OperationObject,
  ParameterObject,
  PathItemObject,
  ReferenceObject,
  ResponseObject,
  SecurityRequirementObject,
} from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { ERROR_CODES, ErrorCode, HTTP_ERROR_MESSAGES } from '@platform/contracts/errors/error-codes';
import { ERROR_ENVELOPE, ERROR_ENVELOPE_SCHEMA, errorResponseDescription } from './api-responses';

/** The one security requirement of every authenticated route: the three headers together, never one of them. */
export const PLATFORM_SECURITY: SecurityRequirementObject = { bearer: [], apiKey: [], clientId: [] };
/** People signed in to the dashboard: the session token the gateway adds (X-Platform-Session). */
export const SESSION_SECURITY: SecurityRequirementObject = { platformSession: [] };

/** The codes of a missing or refused credential, answered by every authenticated route. */
export const AUTHENTICATION_CODES: readonly ErrorCode[] = [
  'AUTH_TOKEN_MISSING',
  'AUTH_TOKEN_INVALID',
  'AUTH_TOKEN_EXPIRED',
  'DEVELOPER_KEYS_INVALID',
  'CLIENT_ID_INVALID',
];
/** The Idempotency-Key a route that moves money takes: 1–255 visible ASCII characters. */
export const IDEMPOTENCY_KEY_SCHEMA = {
  type: 'string',
  minLength: 1,
  maxLength: 255,
  pattern: '^[!-~]{1,255}$',
  example: '5f2b9c1e-7d4a-4d8e-9a3b-2c6f1e0d9b7a',
} as const;

/** What the document builder knows of an operation's handler that the generated document does not say. */
export interface OperationFacts {
  /** @Public(): no credential, no throttling. */
  isPublic: boolean;
  /** The scopes @Authenticated names (403 INSUFFICIENT_SCOPE when the credential lacks one). */
  scopes: readonly string[];
  /** The codes @ApiErrors declared, by status. */
  declared: ReadonlyMap<number, readonly ErrorCode[]>;
  /** @SignedIn() (`only`) or @AuthenticatedOrSignedIn() (`also`): people through the gateway's session. */
  sessions?: 'only' | 'also';
  /** @SignedIn('organization'): a page of an organization, where its people are metered by its plan's burst. */
  organizationPages?: boolean;
}

/** Whether the plan meters the operation: every one but the public ones and a person's own account's. */
function metered(facts: OperationFacts): boolean {
  return !facts.isPublic && (facts.sessions !== 'only' || !!facts.organizationPages);
}

/** The codes of a missing or refused gateway session. */
export const SESSION_CODES: readonly ErrorCode[] = ['GATEWAY_AUTH_REQUIRED', 'GATEWAY_AUTH_INVALID'];

/** The security requirements of an operation: none, the three headers, the session, or either. */
function securityOf(facts: OperationFacts): SecurityRequirementObject[] {
  if (facts.isPublic) return [];
  if (facts.sessions === 'only') return [{ ...SESSION_SECURITY }];
  return facts.sessions === 'also' ? [{ ...PLATFORM_SECURITY }, { ...SESSION_SECURITY }] : [{ ...PLATFORM_SECURITY }];
}

export interface DocumentConventions {
  /** Facts by operationId; an operation without facts is treated as public with nothing declared. */
  facts: ReadonlyMap<string, OperationFacts>;
  /** Tag descriptions by name (from @ApiTag). */
  tagDescriptions: ReadonlyMap<string, string>;
  /** `servers` of the document. */
  servers: { url: string; description: string }[];
  license: { name: string; url: string };
  contact: { name: string; url?: string; email?: string };
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
/** The methods whose requests may carry a body, which Fastify reads (and may refuse by its content type). */
const BODY_METHODS: ReadonlySet<string> = new Set(['post', 'put', 'patch', 'delete']);
const ENVELOPE_REF = { $ref: `#/components/schemas/${ERROR_ENVELOPE_SCHEMA}` };

const RETRY_AFTER: HeaderObject = { description: 'Seconds to wait before retrying.', schema: { type: 'integer', minimum: 0 } };
const RATE_LIMIT_HEADERS: Record<string, HeaderObject> = {
  'RateLimit-Limit': {
    description: 'The request limit that binds now: the burst per second, or the monthly quota when it is nearer.',
    schema: { type: 'integer', minimum: 0 },
  },
  'RateLimit-Remaining': { description: 'Requests left under that limit.', schema: { type: 'integer', minimum: 0 } },
  'RateLimit-Reset': { description: 'Seconds until that limit resets.', schema: { type: 'integer', minimum: 0 } },
  'RateLimit-Policy': { description: 'Both limits of the plan: `<burst>;w=1, <quota>;w=2592000`.', schema: { type: 'string' } },
};
/** On an organization's pages its people are metered by the plan's burst alone. */
const BURST_HEADERS: Record<string, HeaderObject> = {
  ...RATE_LIMIT_HEADERS,
  'RateLimit-Limit': { description: 'The burst per second of the organization’s plan.', schema: { type: 'integer', minimum: 0 } },
  'RateLimit-Policy': {
    description: 'The burst of the organization’s plan: `<burst>;w=1` (its quota does not apply to its own pages).',
    schema: { type: 'string' },
  },
};
const WWW_AUTHENTICATE: HeaderObject = {
  description: 'The Bearer challenge (RFC 6750): `Bearer realm="platform", error="invalid_token"` …',
  schema: { type: 'string' },
};

/** The operations of a path item with their methods. */
export function operationsOf(document: OpenAPIObject): { path: string; method: (typeof METHODS)[number]; operation: OperationObject }[] {
  const found: { path: string; method: (typeof METHODS)[number]; operation: OperationObject }[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = (item as PathItemObject)[method];
      if (operation) found.push({ path, method, operation });
    }
  }
  return found;
}

function isReference(value: unknown): value is ReferenceObject {
  return !!value && typeof value === 'object' && '$ref' in value;
}

/** The description of an error response: each code with its English message (HTTP_ERROR's by status). */
function describeCodes(status: number, codes: readonly ErrorCode[]): string {
  return codes
    .map((code) =>
      code === 'HTTP_ERROR' ? `\`HTTP_ERROR\`: ${(HTTP_ERROR_MESSAGES[status] ?? ERROR_CODES.HTTP_ERROR.message).en}` : errorResponseDescription([code]),
    )
    .join('\n\n');
}

/** The error codes each status of an operation can answer, beyond what its @ApiErrors declared. */
function commonCodes(operation: OperationObject, method: (typeof METHODS)[number], facts: OperationFacts): Map<number, ErrorCode[]> {
  const codes = new Map<number, ErrorCode[]>();
  const add = (status: number, ...list: ErrorCode[]) => codes.set(status, [...(codes.get(status) ?? []), ...list]);
  const parameters = (operation.parameters ?? []).filter((parameter) => !isReference(parameter)) as ParameterObject[];
  const takesInput = parameters.length > 0 || !!operation.requestBody;
  if (takesInput) add(400, 'VALIDATION_FAILED');
  if (!facts.isPublic && facts.sessions !== 'only') {
    add(401, ...AUTHENTICATION_CODES);
    if (facts.scopes.length) add(403, 'INSUFFICIENT_SCOPE');
    add(403, 'ACTING_COMPANY_FORBIDDEN');
  }
  if (facts.sessions) {
    add(401, ...SESSION_CODES);
    add(403, 'NOT_AN_ORGANIZATION_MEMBER', 'INSUFFICIENT_SCOPE');
    if (BODY_METHODS.has(method)) add(403, 'CSRF_CHECK_FAILED');
  }
  const pathParameters = parameters.some((parameter) => parameter.in === 'path');
  if (pathParameters && !facts.declared.has(404)) add(404, 'HTTP_ERROR');
  if (operation.requestBody) add(413, 'HTTP_ERROR');
  // a body that is not JSON is refused before the route is reached, whether the route reads one or not
  if (operation.requestBody || BODY_METHODS.has(method)) add(415, 'UNSUPPORTED_MEDIA_TYPE');
  // the router refuses a path parameter longer than it takes (maxParamLength) before any handler runs
  if (pathParameters) add(414, 'HTTP_ERROR');
  if (metered(facts)) add(429, ...(facts.sessions === 'only' ? (['RATE_LIMIT_EXCEEDED'] as const) : (['RATE_LIMIT_EXCEEDED', 'QUOTA_EXCEEDED'] as const)));
  // Node answers a request line and headers over 16 KiB before any route runs, on every path
  add(431, 'HTTP_ERROR');
  add(500, 'INTERNAL_ERROR');
  add(503, 'UPSTREAM_UNAVAILABLE');
  return codes;
}

function headersFor(status: number, facts: OperationFacts): Record<string, HeaderObject> | undefined {
  if (status === 401) return { 'WWW-Authenticate': WWW_AUTHENTICATE };
  const rateLimitHeaders = facts.sessions === 'only' ? BURST_HEADERS : RATE_LIMIT_HEADERS;
  if (status === 429) return facts.isPublic ? { 'Retry-After': RETRY_AFTER } : { 'Retry-After': RETRY_AFTER, ...rateLimitHeaders };
  if (status === 503) return { 'Retry-After': RETRY_AFTER };
  // a person's own account's routes are metered by no plan: no RateLimit headers there
  if (status < 400 && metered(facts)) return rateLimitHeaders;
  return undefined;
}

/** Merges the common error codes into one operation's responses, with their headers. */
function completeResponses(operation: OperationObject, method: (typeof METHODS)[number], facts: OperationFacts): void {
  const responses = (operation.responses ??= {}) as Record<string, ResponseObject | ReferenceObject>;
  const byStatus = new Map<number, ErrorCode[]>();
  for (const [status, codes] of facts.declared) byStatus.set(status, [...codes]);
  for (const [status, codes] of commonCodes(operation, method, facts)) {
    const listed = byStatus.get(status) ?? [];
    for (const code of codes) if (!listed.includes(code)) listed.push(code);
    byStatus.set(status, listed);
  }
  for (const [status, codes] of byStatus) {
    const existing = responses[String(status)];
    if (isReference(existing)) continue;
    const response: ResponseObject = existing ?? { description: '' };
    const declaredText = facts.declared.has(status) ? '' : (response.description ?? '').trim();
    const listing = describeCodes(status, codes);
    response.description = declaredText && !declaredText.includes(listing) ? `${declaredText}\n\n${listing}` : listing;
    response.content = { 'application/json': { schema: ENVELOPE_REF } };
    responses[String(status)] = response;
  }
  for (const [status, response] of Object.entries(responses)) {
    if (isReference(response)) continue;
    const headers = headersFor(Number(status), facts);
    if (headers) response.headers = { ...headers, ...response.headers };
    // An error response described by hand (ApiNotFoundResponse…) is the envelope too
    if (Number(status) >= 400 && !response.content) response.content = { 'application/json': { schema: ENVELOPE_REF } };
  }
}

function completeParameters(operation: OperationObject): void {
  for (const parameter of operation.parameters ?? []) {
    if (isReference(parameter)) continue;
    if (parameter.in === 'header' && parameter.name.toLowerCase() === 'idempotency-key') {
      const schema = (parameter.schema ?? {}) as Record<string, unknown>;
      if (!schema.pattern)
        parameter.schema = { ...IDEMPOTENCY_KEY_SCHEMA, ...schema, type: 'string', pattern: IDEMPOTENCY_KEY_SCHEMA.pattern } as ParameterObject['schema'];
    }
    // a handler that reads it to word per-item messages (@Headers) makes it required, but every route takes it and none needs it
    if (parameter.in === 'header' && parameter.name.toLowerCase() === 'accept-language') {
      Object.assign(parameter, {
        required: false,
        description: parameter.description ?? 'The language of `message` and field errors: English, or French (`fr`).',
      });
    }
  }
}

/**
 * Makes the generated document say what the pipeline does for every route, so that no route's
 * owner has to repeat it: the three headers as one security requirement (`security: []` on
 * public routes); the error responses every route of its kind answers, merged with the codes the
 * route declared (400 VALIDATION_FAILED where it takes input, 401/403/429 where authenticated,
 * 404 and 414 where it has path parameters, 413 where it takes a body, 415 UNSUPPORTED_MEDIA_TYPE
 * where a body may be sent, 431, 500, 503), each the shared
 * error envelope with its codes listed; Retry-After, RateLimit-* and WWW-Authenticate headers;
 * the Idempotency-Key's pattern; servers, license, contact and described tags.
 */
export function applyDocumentConventions(document: OpenAPIObject, conventions: DocumentConventions): OpenAPIObject {
  const none: OperationFacts = { isPublic: true, scopes: [], declared: new Map() };
  const tags = new Set<string>();
  for (const { operation, method } of operationsOf(document)) {
    const facts = (operation.operationId && conventions.facts.get(operation.operationId)) || none;
    operation.security = securityOf(facts);
    completeParameters(operation);
    completeResponses(operation, method, facts);
    for (const tag of operation.tags ?? []) tags.add(tag);
  }
  document.security = [{ ...PLATFORM_SECURITY }];
  document.servers = conventions.servers;
  document.info = { ...document.info, license: conventions.license, contact: conventions.contact };
  document.tags = [...tags].sort().map((name) => {
    const description = conventions.tagDescriptions.get(name) ?? document.tags?.find((tag) => tag.name === name)?.description;
    return description ? { name, description } : { name };
  });
  document.components = { ...document.components, schemas: { ...document.components?.schemas, [ERROR_ENVELOPE_SCHEMA]: ERROR_ENVELOPE } };
  return document;
}
