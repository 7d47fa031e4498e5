import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { toJsonSchema } from '@platform/contracts';
import { appendFileSync } from 'node:fs';

/**
 * Checks every response the e2e suites receive against the OpenAPI document of the service
 * that sent it: the status must be documented for the operation, the content type listed, and
 * a JSON body valid against the documented schema. A mismatch fails the call (and so the test);
 * with OPENAPI_RESPONSE_CHECK=report it is appended as a JSON line to OPENAPI_RESPONSE_REPORT
 * (default /tmp/openapi-mismatches.jsonl) instead, and with OPENAPI_RESPONSE_CHECK=off nothing
 * is checked.
 */

type Json = Record<string, any>;

/** Product prefixes of the Ingress: every other /api/v1 path is auth's. */
const PREFIXES = ['hr', 'app', 'payroll', 'pay', 'books'];

/** Where the document of the service serving `path` is, or null for a path no document covers. */
export function documentPathFor(path: string): string | null {
  const pathname = path.split(/[?#]/)[0];
  if (pathname !== '/api/v1' && !pathname.startsWith('/api/v1/')) return null;
  const segment = pathname.split('/')[3];
  return segment && PREFIXES.includes(segment) ? `/api/v1/${segment}/openapi.json` : '/api/v1/openapi.json';
}

/** Routes outside the contract: raw documents and service-to-service routes. */
function isUnchecked(pathname: string): boolean {
  return (
    pathname.includes('/internal/') ||
    /\/openapi\.json$/.test(pathname) ||
    /^\/api\/v1(\/[a-z]+)?\/metrics$/.test(pathname) ||
    pathname === '/api/v1/.well-known/jwks.json' ||
    pathname === '/api/v1/docs' ||
    pathname.startsWith('/api/v1/docs/')
  );
}

export interface OperationMatch {
  template: string;
  operation: Json;
}

/** Splits a document path into segments, `{name}` becoming null (any one segment). */
function templateSegments(template: string): (string | null)[] {
  return template.split('/').map((segment) => (/^\{[^}]+\}$/.test(segment) ? null : segment));
}

let documentCount = 0;

/** One service's document, with its operations found by method and path and validators compiled on first use. */
export class OpenApiContract {
  private readonly ajv: Ajv;
  private readonly refBase: string;
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly templates: { template: string; segments: (string | null)[]; literals: number }[];

  constructor(readonly document: Json) {
    this.refBase = `openapi-document-${++documentCount}`;
    this.ajv = new Ajv({ strict: false, allErrors: true, logger: false });
    addFormats(this.ajv);
    this.ajv.addSchema({ $id: this.refBase, definitions: toJsonSchema(document.components?.schemas ?? {}, this.refBase) as Json });
    this.templates = Object.keys(document.paths ?? {}).map((template) => {
      const segments = templateSegments(template);
      return { template, segments, literals: segments.filter((segment) => segment !== null).length };
    });
  }

  /** The templates matching a path, most literal segments first. */
  templatesFor(pathname: string): string[] {
    const parts = pathname.split('/');
    return this.templates
      .filter(({ segments }) => segments.length === parts.length && segments.every((segment, i) => (segment === null ? parts[i] !== '' : segment === parts[i])))
      .sort((a, b) => b.literals - a.literals)
      .map(({ template }) => template);
  }

  /** The documented operation answering method and path, or null. HEAD is answered by GET. */
  match(method: string, pathname: string): OperationMatch | null {
    const verb = method.toLowerCase() === 'head' ? 'get' : method.toLowerCase();
    for (const template of this.templatesFor(pathname)) {
      const operation = this.document.paths[template]?.[verb];
      if (operation) return { template, operation };
    }
    return null;
  }

  /**
   * What is wrong with a response: nothing (empty list) when the operation documents its status,
   * its content type, and a schema the body satisfies. Paths no operation documents are left to
   * the caller.
   */
  problems(match: OperationMatch, method: string, status: number, contentType: string | null, body: unknown, text: string): string[] {
    const responses = (match.operation.responses ?? {}) as Json;
    const key = [String(status), `${String(status)[0]}XX`, 'default'].find((candidate) => responses[candidate]);
    if (!key) return [`status ${status} is not documented (documented: ${Object.keys(responses).join(', ') || 'none'})`];
    const response = this.resolve(responses[key]);
    const hasBody = text.length > 0 && method.toUpperCase() !== 'HEAD' && status !== 204 && status !== 304;
    if (!hasBody) return [];
    const content = (response.content ?? {}) as Json;
    const mediaType = (contentType ?? '').split(';')[0].trim().toLowerCase();
    if (!Object.keys(content).length) return [`status ${status} documents no content, but the response has a ${mediaType || 'typeless'} body`];
    const [type] = mediaType.split('/');
    const documented = content[mediaType] ?? content[`${type}/*`] ?? content['*/*'];
    if (!documented) return [`content type ${mediaType || '(none)'} is not documented for status ${status} (documented: ${Object.keys(content).join(', ')})`];
    if (!/[/+]json$/.test(mediaType) || !documented.schema) return [];
    const validate = this.validator(`${match.template} ${method} ${key} ${mediaType}`, documented.schema);
    if (validate(body)) return [];
    return (validate.errors ?? []).map(describeError);
  }

  private resolve(value: Json): Json {
    let current = value;
    for (let depth = 0; current && typeof current.$ref === 'string' && depth < 10; depth++) {
      const path = (current.$ref as string).replace(/^#\//, '').split('/');
      current = path.reduce<Json>((node, part) => node?.[part.replace(/~1/g, '/').replace(/~0/g, '~')], this.document);
    }
    return current ?? {};
  }

  private validator(key: string, schema: unknown): ValidateFunction {
    let validate = this.validators.get(key);
    if (!validate) {
      validate = this.ajv.compile(toJsonSchema(schema, this.refBase) as Json);
      this.validators.set(key, validate);
    }
    return validate;
  }
}

function describeError(error: ErrorObject): string {
  const where = error.instancePath || '(body)';
  const params =
    error.keyword === 'additionalProperties'
      ? ` (${(error.params as { additionalProperty: string }).additionalProperty})`
      : error.keyword === 'enum'
        ? ` (${JSON.stringify((error.params as { allowedValues: unknown[] }).allowedValues)})`
        : '';
  return `${where} ${error.message ?? error.keyword}${params}`;
}

export interface CheckedResponse {
  status: number;
  headers: Headers;
  body: unknown;
  text: string;
}

export interface Mismatch {
  method: string;
  path: string;
  template: string | null;
  status: number;
  problems: string[];
}

/**
 * Compares a response with the document. Returns the mismatch, or null when the response is
 * what the document says (or outside what any document covers).
 */
export function compareWithContract(contract: OpenApiContract, method: string, path: string, response: CheckedResponse): Mismatch | null {
  // the services answer `/api/v1/` as `/api/v1` (ignoreTrailingSlash)
  const pathname = path.split(/[?#]/)[0].replace(/(.)\/$/, '$1');
  const match = contract.match(method, pathname);
  if (!match) {
    // an unknown route, a method the path does not take, or a path the router could not read
    if (response.status === 404 || response.status === 405 || (response.body as { code?: unknown } | null)?.code === 'HTTP_ERROR') return null;
    const paths = contract.templatesFor(pathname);
    const problem = paths.length ? `${method.toUpperCase()} is not documented for ${paths[0]}` : 'no documented operation matches this path';
    return { method, path, template: paths[0] ?? null, status: response.status, problems: [problem] };
  }
  const problems = contract.problems(match, method, response.status, response.headers.get('content-type'), response.body, response.text);
  return problems.length ? { method, path, template: match.template, status: response.status, problems } : null;
}

export function describeMismatch(mismatch: Mismatch): string {
  return (
    `The response to ${mismatch.method.toUpperCase()} ${mismatch.path}${mismatch.template ? ` (${mismatch.template})` : ''} is not what its OpenAPI document says ` +
    `(status ${mismatch.status}):\n  - ${mismatch.problems.join('\n  - ')}`
  );
}

const contracts = new Map<string, Promise<OpenApiContract | null>>();

/** The document of the service behind `baseUrl` + `documentPath`, fetched once; null when it cannot be had. */
function contractAt(baseUrl: string, documentPath: string): Promise<OpenApiContract | null> {
  const key = baseUrl + documentPath;
  let found = contracts.get(key);
  if (!found) {
    found = fetch(key, { signal: AbortSignal.timeout(15_000) })
      .then(async (response) => (response.ok ? new OpenApiContract((await response.json()) as Json) : null))
      .catch(() => null);
    // a service that could not serve its document (stopping, not up yet) is asked again next time
    void found.then((contract) => {
      if (!contract) contracts.delete(key);
    });
    contracts.set(key, found);
  }
  return found;
}

export type CheckMode = 'strict' | 'report' | 'off';

export function checkMode(): CheckMode {
  const mode = (process.env.OPENAPI_RESPONSE_CHECK ?? 'strict').toLowerCase();
  return mode === 'report' || mode === 'off' ? mode : 'strict';
}

function currentTestName(): string | undefined {
  const expectation = (globalThis as { expect?: { getState?: () => { currentTestName?: string; testPath?: string } } }).expect;
  const state = expectation?.getState?.();
  return state ? [state.testPath?.replace(`${process.cwd()}/`, ''), state.currentTestName].filter(Boolean).join(' › ') : undefined;
}

/**
 * Checks one response of `call()`. Throws (strict) or records (report) a mismatch. A document
 * that cannot be fetched (the service is gone) leaves the response unchecked.
 */
export async function checkResponse(baseUrl: string, method: string, path: string, response: CheckedResponse): Promise<void> {
  const mode = checkMode();
  if (mode === 'off') return;
  const pathname = path.split(/[?#]/)[0];
  const documentPath = documentPathFor(pathname);
  if (!documentPath || isUnchecked(pathname)) return;
  const contract = await contractAt(baseUrl, documentPath);
  if (!contract) return;
  const mismatch = compareWithContract(contract, method, path, response);
  if (!mismatch) return;
  if (mode === 'report') {
    const file = process.env.OPENAPI_RESPONSE_REPORT || '/tmp/openapi-mismatches.jsonl';
    appendFileSync(file, `${JSON.stringify({ ...mismatch, method: mismatch.method.toUpperCase(), body: response.body, test: currentTestName() })}\n`);
    return;
  }
  throw new Error(describeMismatch(mismatch));
}
