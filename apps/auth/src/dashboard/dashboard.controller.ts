import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import { headerValue, PlatformException, Public, RawResponse } from '@platform/pipeline';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { acceptsGzip } from '../docs/docs.controller';
import { dashboardDirectory, DashboardFiles } from './dashboard-files';

/**
 * The page runs only its own files and calls only its own origin: no inline script or style, no
 * framing. `form-action 'self'`: its forms are sent by script, and a form sent without it stays here.
 */
export const DASHBOARD_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "object-src 'none'",
  "frame-ancestors 'none'",
].join('; ');

const NOT_FOUND = () => new PlatformException('HTTP_ERROR', { status: 404 });

/**
 * `/dashboard`: the developer dashboard, a single-page app (dashboard/ at the root) built by `npm run
 * build` into dist/dashboard. Outside /api/v1 (UNPREFIXED_PATHS), as the Ingress routes it. Every
 * page path answers the same index.html, revalidated by ETag, and the page routes itself; the
 * assets' names carry a hash of their content, so they are cached for good.
 */
@ApiExcludeController()
@Public()
@SkipThrottle()
@RawResponse()
@Controller('dashboard')
export class DashboardController {
  private readonly files = new DashboardFiles(dashboardDirectory());

  @Get()
  index(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    return this.page(request, reply);
  }

  @Get('assets/:name')
  async asset(@Param('name') name: string, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<Buffer> {
    const asset = await this.files.asset(name);
    if (!asset) throw NOT_FOUND();
    const gzip = acceptsGzip(headerValue(request, 'accept-encoding'));
    void reply.headers({ 'content-type': asset.contentType, 'cache-control': 'public, max-age=31536000, immutable', vary: 'accept-encoding' });
    if (gzip) void reply.header('content-encoding', 'gzip');
    return gzip ? asset.gzipped : asset.body;
  }

  /** `/dashboard/sign-in`, `/dashboard/orgs/:id/keys`, an emailed link's page, …: the page decides what to show. */
  @Get('*')
  route(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    return this.page(request, reply);
  }

  private async page(request: FastifyRequest, reply: FastifyReply): Promise<string> {
    const { html, etag } = await this.files.index();
    void reply.headers({
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-cache',
      etag,
      'content-security-policy': DASHBOARD_CONTENT_SECURITY_POLICY,
      // same-origin, not no-referrer: a same-origin POST keeps its Origin header, which the CSRF check reads
      'referrer-policy': 'same-origin',
    });
    if (headerValue(request, 'if-none-match') === etag) {
      void reply.status(304);
      return '';
    }
    return html;
  }
}
