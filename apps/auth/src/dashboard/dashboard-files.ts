import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { dirname, extname, join } from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};

/**
 * Where `npm run build` bundles the dashboard (scripts/build-dashboard.js): `dist/dashboard` beside
 * the package.json this code runs from, whether it runs built (dist/apps/auth/…) or from source.
 */
export function dashboardDirectory(from: string = __dirname): string {
  let directory = from;
  while (!existsSync(join(directory, 'package.json'))) {
    const parent = dirname(directory);
    if (parent === directory) throw new Error(`no package.json above ${from}`);
    directory = parent;
  }
  return join(directory, 'dist', 'dashboard');
}

export interface DashboardAsset {
  contentType: string;
  body: Buffer;
  /** the same body gzipped */
  gzipped: Buffer;
}

/**
 * The built page and its assets, read on first request and kept (about 100 KB). Only the files
 * the build wrote are served: a name is looked up among them, never joined to a path as given.
 */
export class DashboardFiles {
  private page?: Promise<{ html: string; etag: string }>;
  private names?: Promise<Set<string>>;
  private readonly loaded = new Map<string, Promise<DashboardAsset>>();

  constructor(private readonly directory: string) {}

  /** index.html with its ETag; a build without the dashboard fails here, saying so. */
  index(): Promise<{ html: string; etag: string }> {
    this.page ??= readFile(join(this.directory, 'index.html'), 'utf8').then(
      (html) => ({ html, etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 22)}"` }),
      (error: Error) => {
        this.page = undefined;
        throw new Error(`The dashboard is not built (${error.message}): run npm run build`);
      },
    );
    return this.page;
  }

  /** An asset the build wrote, or undefined. */
  async asset(name: string): Promise<DashboardAsset | undefined> {
    this.names ??= readdir(join(this.directory, 'assets')).then(
      (names) => new Set(names.filter((file) => Object.hasOwn(CONTENT_TYPES, extname(file)))),
      () => {
        this.names = undefined;
        return new Set<string>();
      },
    );
    if (!(await this.names).has(name)) return undefined;
    let asset = this.loaded.get(name);
    if (!asset) {
      asset = readFile(join(this.directory, 'assets', name)).then(async (body) => ({
        contentType: CONTENT_TYPES[extname(name)],
        body,
        gzipped: await gzipAsync(body),
      }));
      // a failed read is tried again on the next request rather than kept
      asset.catch(() => this.loaded.delete(name));
      this.loaded.set(name, asset);
    }
    return asset;
  }
}
