import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import { headerValue, PlatformException, Public, RawResponse } from '@platform/pipeline';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { assetVersion, DocsAssets } from './docs-assets';
import { DOCS_PATH, renderDocsPage } from './docs-page';

/**
 * The one inline style the page runs: the `<style>` of the logo Swagger UI's top bar draws
 * (`.logo_small_svg__cls-2{fill:#fff}.logo_small_svg__cls-3{fill:#85ea2d}` in 5.32), by its
 * hash. Another version that changes it is refused, and the browser test says so.
 */
const SWAGGER_UI_LOGO_STYLE = "'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='";

/**
 * The page runs only its own files: scripts, styles and fonts from this origin, documents fetched
 * from it; images also as `data:` URIs (Swagger UI's stylesheet draws its icons with them).
 */
export const DOCS_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  `style-src 'self' ${SWAGGER_UI_LOGO_STYLE}`,
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** Whether an Accept-Encoding takes gzip (named, or `*`, with a q-value above 0). */
export function acceptsGzip(header: string | undefined): boolean {
  return (header ?? '').split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    return (coding === 'gzip' || coding === '*') && (q === undefined || Number(q.slice(2)) > 0);
  });
}

const NOT_FOUND = () => new PlatformException('HTTP_ERROR', { status: 404 });

/**
 * `GET /api/v1/docs`: the browsable reference of the six services, with the auth flow and the
 * error codes, its assets served from here (no CDN). The page is revalidated on every visit (it
 * changes with each release, and its ETag makes that a 304); the assets' paths carry their
 * version, so they are cached for good.
 */
@ApiExcludeController()
@Public()
@SkipThrottle()
@RawResponse()
@Controller('docs')
export class DocsController {
  private readonly version = assetVersion();
  private readonly assets = new DocsAssets();
  private page: { html: string; etag: string } | null = null;

  @Get()
  index(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): string {
    this.page ??= this.render();
    void reply.headers({
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-cache',
      etag: this.page.etag,
      'content-security-policy': DOCS_CONTENT_SECURITY_POLICY,
      'referrer-policy': 'no-referrer',
    });
    if (headerValue(request, 'if-none-match') === this.page.etag) {
      void reply.status(304);
      return '';
    }
    return this.page.html;
  }

  @Get('assets/:version/:name')
  async asset(
    @Param('version') version: string,
    @Param('name') name: string,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    if (version !== this.version || !this.assets.has(name)) throw NOT_FOUND();
    const asset = await this.assets.get(name);
    const gzip = asset.gzipped !== null && acceptsGzip(headerValue(request, 'accept-encoding'));
    void reply.headers({ 'content-type': asset.contentType, 'cache-control': 'public, max-age=31536000, immutable', vary: 'accept-encoding' });
    if (gzip) void reply.header('content-encoding', 'gzip');
    return gzip ? asset.gzipped! : asset.body;
  }

  private render(): { html: string; etag: string } {
    const html = renderDocsPage(`${DOCS_PATH}/assets/${this.version}`);
    return { html, etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 22)}"` };
  }
}
