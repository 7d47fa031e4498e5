import { Controller, Get, Header, Req, Res } from '@nestjs/common';
import { ApiExcludeEndpoint } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { headerValue, Public, RawResponse } from '@platform/pipeline';
import { GatewayRequest, SessionGateway } from './session-gateway.service';

type Headers = Record<string, string | string[] | undefined>;

/** A header's first value. */
function first(headers: Headers, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The hosts a request addressed, as the gateway passes them on: Host, X-Forwarded-Host, and X-Original-URL's. */
export function addressedHosts(headers: Headers): string[] {
  const hosts = [first(headers, 'host'), first(headers, 'x-forwarded-host')];
  const original = first(headers, 'x-original-url');
  if (original) {
    try {
      hosts.push(new URL(original).host);
    } catch {
      // not a URL: no host from it
    }
  }
  return hosts.filter((host): host is string => !!host);
}

/** The gateway's question about a request, from the headers nginx (auth_request), ingress-nginx (auth-url) or the in-process router send. */
export function gatewayRequestOf(headers: Headers, fallback: { method: string; uri: string }): GatewayRequest {
  let uri = first(headers, 'x-original-uri');
  let scheme = first(headers, 'x-forwarded-proto')?.split(',')[0].trim();
  const originalUrl = first(headers, 'x-original-url');
  if (originalUrl) {
    try {
      const parsed = new URL(originalUrl);
      uri ||= `${parsed.pathname}${parsed.search}`;
      scheme = parsed.protocol.slice(0, -1);
    } catch {
      // not a URL: the fallback's
    }
  }
  return {
    cookie: first(headers, 'cookie'),
    method: first(headers, 'x-original-method') ?? fallback.method,
    uri: uri ?? fallback.uri,
    origin: first(headers, 'origin'),
    hosts: addressedHosts(headers),
    scheme: scheme || 'http',
    csrfToken: first(headers, 'x-csrf-token'),
    organizationId: first(headers, 'x-organization-id'),
  };
}

/**
 * The gateway's subrequest (nginx `auth_request`, ingress-nginx `auth-url`): outside /api/v1, so
 * the Ingress never routes it. Always 200 when it can decide; `X-Platform-Session` carries the
 * session token when the cookie opens a live session. It needs no secret: the token it gives is
 * the caller's own session, for the caller's own request, which the gateway replaces anyway.
 */
@Controller('internal/v1/gateway')
export class GatewayController {
  constructor(private readonly gateway: SessionGateway) {}

  @Get('session')
  @Public()
  @RawResponse()
  @ApiExcludeEndpoint()
  @Header('cache-control', 'no-store')
  async session(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const token = await this.gateway.mint(gatewayRequestOf(request.headers, { method: 'GET', uri: headerValue(request, 'x-original-uri') ?? '/' }));
    if (token) void reply.header('x-platform-session', token);
    return {};
  }
}
