import { ArgumentsHost, BadRequestException, HttpException, NotFoundException } from '@nestjs/common';
import { ThrottlerException } from '@nestjs/throttler';
import { PlatformExceptionFilter, routingErrorEnvelope } from './exception.filter';
import { PlatformException } from './platform.exception';

function run(exception: unknown, language?: string) {
  const sent: { status?: number; body?: any; headers: Record<string, string> } = { headers: {} };
  const reply = {
    sent: false,
    status(code: number) {
      sent.status = code;
      return this;
    },
    header(name: string, value: string) {
      sent.headers[name] = value;
      return this;
    },
    headers(values: Record<string, string>) {
      Object.assign(sent.headers, values);
      return this;
    },
    send(body: unknown) {
      sent.body = body;
      return this;
    },
  };
  const request = { id: 'r1', method: 'GET', url: '/x', headers: language ? { 'accept-language': language } : {} };
  const host = { switchToHttp: () => ({ getRequest: () => request, getResponse: () => reply }) } as unknown as ArgumentsHost;
  const filter = new PlatformExceptionFilter({ error: () => undefined });
  filter.catch(exception, host);
  return sent;
}

describe('PlatformExceptionFilter', () => {
  it('sends a domain exception with its code, params and details', () => {
    const sent = run(new PlatformException('INSUFFICIENT_SCOPE', { params: { scope: 'hr:write' }, details: { requiredScope: 'hr:write' } }));
    expect(sent.status).toBe(403);
    expect(sent.body).toMatchObject({ success: false, code: 'INSUFFICIENT_SCOPE', statusCode: 403, details: { requiredScope: 'hr:write' } });
    expect(sent.body.message).toContain('hr:write');
    expect(sent.body.errors).toBeUndefined();
  });

  it('words the message by the registered reason, in the caller’s language, keeping the code', () => {
    const exception = new PlatformException('DEVELOPER_KEYS_INVALID', {
      reason: 'environment',
      params: { keyEnvironment: 'sandbox', deploymentEnvironment: 'production' },
    });
    expect(run(exception).body).toMatchObject({
      code: 'DEVELOPER_KEYS_INVALID',
      statusCode: 401,
      message: 'This API key belongs to the sandbox environment; this deployment serves production.',
    });
    expect(run(exception, 'fr').body.message).toBe('Cette clé d’API appartient à l’environnement sandbox ; ce déploiement sert l’environnement production.');
    expect(run(new PlatformException('DEVELOPER_KEYS_INVALID', { reason: 'no-such-reason' })).body.message).toBe('The API key or secret is invalid.');
  });

  it('always sends errors with VALIDATION_FAILED', () => {
    expect(run(PlatformException.validation({ name: ['bad'] })).body.errors).toEqual({ name: ['bad'] });
  });

  it('maps framework errors: unknown route, body parser, too large, throttler', () => {
    expect(run(new NotFoundException('Cannot GET /x')).body).toMatchObject({ code: 'HTTP_ERROR', statusCode: 404 });
    const parse = run(new BadRequestException("Body is not valid JSON but content-type is set to 'application/json'"));
    expect(parse.body).toMatchObject({ code: 'VALIDATION_FAILED', statusCode: 400, errors: { body: ['body must be valid JSON'] } });
    expect(run(new HttpException('Request body is too large', 413)).body).toMatchObject({ code: 'HTTP_ERROR', statusCode: 413 });
    expect(run(new ThrottlerException()).body).toMatchObject({ code: 'RATE_LIMIT_EXCEEDED', statusCode: 429 });
    expect(run({ statusCode: 415, code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE', message: 'Unsupported Media Type' }).body).toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      statusCode: 415,
      details: { received: null, expected: 'application/json' },
    });
    expect(run({ statusCode: 415, code: 'FST_ERR_CTP_MEDIA_TYPE_UNKNOWN', message: 'Unsupported Media Type' }).body).toMatchObject({
      code: 'HTTP_ERROR',
      statusCode: 415,
    });
  });

  it('says how to authenticate with every 401 (RFC 6750), invalid_token when the token sent was refused', () => {
    expect(run(new PlatformException('AUTH_TOKEN_MISSING')).headers['www-authenticate']).toBe('Bearer realm="platform"');
    expect(run(new PlatformException('DEVELOPER_KEYS_INVALID')).headers['www-authenticate']).toBe('Bearer realm="platform"');
    expect(run(new PlatformException('AUTH_TOKEN_INVALID')).headers['www-authenticate']).toBe('Bearer realm="platform", error="invalid_token"');
    expect(run(new PlatformException('AUTH_TOKEN_EXPIRED')).headers['www-authenticate']).toBe('Bearer realm="platform", error="invalid_token"');
    expect(run(new PlatformException('INSUFFICIENT_SCOPE', { params: { scope: 'hr:read' } })).headers['www-authenticate']).toBeUndefined();
  });

  it('words the throttler’s 429 with the right plural, and field errors in the caller’s language', () => {
    expect(run(new ThrottlerException()).body.message).toBe('Too many requests. Retry after 1 second.');
    expect(run(new ThrottlerException(), 'fr').body.message).toBe('Trop de requêtes. Réessayez dans 1 seconde.');
    expect(run(PlatformException.tooManyRequests(900), 'fr').body.message).toBe('Trop de requêtes. Réessayez dans 900 secondes.');
    expect(run(PlatformException.validation({ limit: ['limit must be an integer number'] }), 'fr').body.errors).toEqual({
      limit: ['limit doit être un nombre entier'],
    });
  });

  it('words the errors Fastify answers while routing as HTTP_ERROR with their status', () => {
    expect(routingErrorEnvelope(400, undefined)).toMatchObject({
      success: false,
      code: 'HTTP_ERROR',
      statusCode: 400,
      message: 'The request could not be processed.',
    });
    expect(routingErrorEnvelope(414, 'fr-CM')).toMatchObject({ code: 'HTTP_ERROR', statusCode: 414, message: 'L’URI de la requête est trop longue.' });
    expect(routingErrorEnvelope(500, undefined)).toMatchObject({ code: 'INTERNAL_ERROR', statusCode: 500 });
    expect(routingErrorEnvelope(undefined, undefined)).toMatchObject({ code: 'INTERNAL_ERROR', statusCode: 500 });
  });

  it('hides anything unexpected behind a generic 500, in the caller’s language', () => {
    const secret = new Error('duplicate key value violates unique constraint "x" SELECT * FROM secrets WHERE password = hunter2');
    const sent = run(secret, 'fr');
    expect(sent.status).toBe(500);
    expect(sent.body).toMatchObject({ code: 'INTERNAL_ERROR', statusCode: 500, message: 'Une erreur inattendue est survenue. Veuillez réessayer plus tard.' });
    expect(JSON.stringify(sent.body)).not.toMatch(/SELECT|hunter2|stack/);
    expect(run(new HttpException('upstream exploded: password=x', 502)).body).toMatchObject({ code: 'INTERNAL_ERROR', statusCode: 500 });
  });
});
