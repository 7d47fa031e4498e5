/**
 * The methods each route path of a service answers, so that a request the router finds no route
 * for can be told apart: a path that exists under other methods is 405 with `Allow` (RFC 9110
 * §15.5.6), anything else stays 404. Filled from Fastify's onRoute hook as routes are registered;
 * read only when a request found no route.
 */
export class AllowedMethods {
  private readonly paths = new Map<string, { pattern: RegExp; methods: Set<string> }>();

  /** A route as Fastify registers it: `/api/v1/hr/employees/:id`, a `*` wildcard at the end. */
  add(method: string | string[], url: string): void {
    let entry = this.paths.get(url);
    if (!entry) this.paths.set(url, (entry = { pattern: pathPattern(url), methods: new Set() }));
    for (const one of Array.isArray(method) ? method : [method]) entry.methods.add(one.toUpperCase());
  }

  /** The methods the path answers (sorted), or none when no route has this path. */
  methodsFor(url: string): string[] {
    const path = withoutTrailingSlash(url.split(/[?#]/, 1)[0]);
    const methods = new Set<string>();
    for (const { pattern, methods: own } of this.paths.values()) if (pattern.test(path)) for (const method of own) methods.add(method);
    return [...methods].sort();
  }
}

function withoutTrailingSlash(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

/** `:name` matches one path segment, `*` the rest of the path; everything else itself. */
function pathPattern(url: string): RegExp {
  const source = withoutTrailingSlash(url)
    .split('/')
    .map((segment) => {
      if (segment === '*') return '.*';
      if (segment.startsWith(':')) return '[^/]+';
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return new RegExp(`^${source}/?$`);
}

const byInstance = new WeakMap<object, AllowedMethods>();

/** The table of one service's Fastify instance, created by its bootstrap. */
export function allowedMethodsOf(fastify: object): AllowedMethods {
  let table = byInstance.get(fastify);
  if (!table) byInstance.set(fastify, (table = new AllowedMethods()));
  return table;
}

/** The table of the instance a request came through: its own, or its parent's (a plugin's instance inherits from its parent's). */
export function findAllowedMethods(server: object | undefined): AllowedMethods | undefined {
  for (let instance = server; instance; instance = Object.getPrototypeOf(instance) as object | undefined) {
    const table = byInstance.get(instance);
    if (table) return table;
  }
  return undefined;
}
