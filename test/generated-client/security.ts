import type { Middleware } from 'openapi-fetch';

type SecurityRequirement = Record<string, string[]>;
type SecurityScheme =
  { type: 'http'; scheme: string } | { type: 'apiKey'; in: 'header' | 'query' | 'cookie'; name: string } | { type: string; [key: string]: unknown };

export interface OpenApiDocument {
  paths: Record<string, Record<string, { security?: SecurityRequirement[] } | unknown>>;
  security?: SecurityRequirement[];
  components?: { securitySchemes?: Record<string, SecurityScheme> };
}

/**
 * What the caller holds, by security scheme name (as Swagger UI's Authorize dialog asks for it):
 * the token for an HTTP bearer scheme, the value for an API key scheme. How each is sent, and in
 * which header, is the scheme's business.
 */
export type HeldCredentials = Record<string, string | undefined>;

/** The security requirements of one operation: its own, or the document's. */
export function requirementsOf(document: OpenApiDocument, path: string, method: string): SecurityRequirement[] {
  const operation = document.paths[path]?.[method.toLowerCase()] as { security?: SecurityRequirement[] } | undefined;
  if (!operation) throw new Error(`${method} ${path} is not in the document`);
  return operation.security ?? document.security ?? [];
}

/** The header a scheme is satisfied by, from what the caller holds for it; null when it holds nothing. */
function headerFor(scheme: SecurityScheme | undefined, value: string | undefined): [string, string] | null {
  if (value === undefined) return null;
  if (scheme?.type === 'http' && String(scheme.scheme).toLowerCase() === 'bearer') return ['Authorization', `Bearer ${value}`];
  if (scheme?.type === 'apiKey' && scheme.in === 'header' && typeof scheme.name === 'string') return [scheme.name, value];
  return null;
}

/**
 * Sends each request with the headers its operation's security asks for, as a client generated
 * from the document does (OpenAPI 3.0 §4.8.30): the requirements are alternatives and one of
 * them is satisfied, the first the caller can; within one requirement, every scheme is sent.
 * The header names and how each value is sent come from `components.securitySchemes`, nothing
 * from this code: a document that lists the three headers as alternatives gets one of them sent.
 */
export function documentSecurity(documents: OpenApiDocument[], held: () => HeldCredentials): Middleware {
  return {
    onRequest({ request, schemaPath }) {
      const document = documents.find((candidate) => candidate.paths[schemaPath]);
      if (!document) throw new Error(`no document describes ${schemaPath}`);
      const requirements = requirementsOf(document, schemaPath, request.method);
      // none, or an empty requirement among them: the operation is public
      if (requirements.length === 0 || requirements.some((requirement) => Object.keys(requirement).length === 0)) return request;
      const holding = held();
      for (const requirement of requirements) {
        const headers = Object.keys(requirement).map((name) => headerFor(document.components?.securitySchemes?.[name], holding[name]));
        if (headers.some((header) => header === null)) continue;
        for (const [name, value] of headers as [string, string][]) request.headers.set(name, value);
        return request;
      }
      throw new Error(`nothing held satisfies the security of ${request.method} ${schemaPath}: ${JSON.stringify(requirements)}`);
    },
  };
}
