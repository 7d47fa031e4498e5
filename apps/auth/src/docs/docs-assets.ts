import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);

/**
 * Starts Swagger UI on the page's documents: the links of the services list name them, so the
 * page holds the one list. No validator badge (it would call validator.swagger.io) and no query
 * configuration (a `?url=` would load a document from anywhere).
 */
const DOCS_SCRIPT = `'use strict';
(function () {
  var links = Array.prototype.slice.call(document.querySelectorAll('a[data-openapi]'));
  var origins = document.querySelectorAll('.origin');
  for (var i = 0; i < origins.length; i++) origins[i].textContent = window.location.origin;
  window.ui = SwaggerUIBundle({
    urls: links.map(function (link) { return { url: link.getAttribute('href'), name: link.getAttribute('data-openapi') }; }),
    dom_id: '#swagger-ui',
    deepLinking: true,
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
    layout: 'StandaloneLayout',
    validatorUrl: null,
    queryConfigEnabled: false,
    displayOperationId: false,
    defaultModelsExpandDepth: 0,
  });
})();
`;

const DOCS_STYLE = `body { margin: 0; background: #fafafa; font-family: sans-serif; color: #3b4151; }
.docs-header { padding: 16px 24px; background: #1b1b1b; color: #fff; }
.docs-header h1 { margin: 0 0 4px; font-size: 24px; }
.docs-header a { color: #89bf04; }
main { max-width: 1460px; margin: 0 auto; padding: 0 20px 40px; }
section > h2 { margin-top: 32px; }
pre { background: #333; color: #fff; padding: 10px; overflow-x: auto; }
.steps li { margin-bottom: 12px; }
.services { columns: 2; }
table.codes { border-collapse: collapse; width: 100%; font-size: 14px; }
table.codes th, table.codes td { border: 1px solid #ddd; padding: 4px 8px; text-align: left; vertical-align: top; }
table.codes th { background: #eee; }
.reason { color: #666; }
table.events details { margin-top: 4px; }
table.events summary { cursor: pointer; color: #4990e2; }
table.events pre { max-height: 480px; font-size: 12px; }
.swagger-ui .topbar { background: #1b1b1b; }
.swagger-ui .topbar .download-url-wrapper { justify-content: flex-end; }
`;

interface AssetSource {
  contentType: string;
  load: () => Promise<Buffer>;
}

const swaggerUi = (file: string) => () => readFile(join(require.resolve('swagger-ui-dist/package.json'), '..', file));
const SOURCES: Record<string, AssetSource> = {
  'swagger-ui-bundle.js': { contentType: 'text/javascript; charset=utf-8', load: swaggerUi('swagger-ui-bundle.js') },
  'swagger-ui-standalone-preset.js': { contentType: 'text/javascript; charset=utf-8', load: swaggerUi('swagger-ui-standalone-preset.js') },
  'swagger-ui.css': { contentType: 'text/css; charset=utf-8', load: swaggerUi('swagger-ui.css') },
  'favicon-32x32.png': { contentType: 'image/png', load: swaggerUi('favicon-32x32.png') },
  'docs.js': { contentType: 'text/javascript; charset=utf-8', load: async () => Buffer.from(DOCS_SCRIPT) },
  'docs.css': { contentType: 'text/css; charset=utf-8', load: async () => Buffer.from(DOCS_STYLE) },
};

export interface DocsAsset {
  contentType: string;
  body: Buffer;
  /** The same body gzipped, or null when that saves nothing (images). */
  gzipped: Buffer | null;
}

/**
 * The version part of the assets' paths: Swagger UI's version and our own files, so that a
 * release that changes any of them changes the paths, and the paths can be cached for good.
 */
export function assetVersion(): string {
  const { version } = require('swagger-ui-dist/package.json') as { version: string };
  return createHash('sha256').update(version).update(DOCS_SCRIPT).update(DOCS_STYLE).digest('hex').slice(0, 16);
}

/**
 * The page's files, read (and gzipped, off the event loop) on their first request and kept:
 * about 2.5 MB that a process holds only once someone has opened the docs.
 */
export class DocsAssets {
  private readonly loaded = new Map<string, Promise<DocsAsset>>();

  has(name: string): boolean {
    return Object.hasOwn(SOURCES, name);
  }

  get(name: string): Promise<DocsAsset> {
    let asset = this.loaded.get(name);
    if (!asset) {
      const source = SOURCES[name];
      asset = source.load().then(async (body) => ({
        contentType: source.contentType,
        body,
        gzipped: source.contentType.startsWith('image/') ? null : await gzipAsync(body),
      }));
      // a failed read is tried again on the next request rather than kept
      asset.catch(() => this.loaded.delete(name));
      this.loaded.set(name, asset);
    }
    return asset;
  }
}
