import type { FastifyInstance } from 'fastify';
import { READ_CONTENT_TYPES, unsupportedMediaType } from '../errors/exception.filter';
import { EMPTY_JSON_BODY } from './validation';

const BLANK = /^\s*$/;

/**
 * The request bodies a service reads: JSON, and nothing else unless a service adds its own parser
 * (utilities' multipart uploads). Fastify's text/plain parser and Nest's urlencoded one are not
 * registered: `curl -d '{…}'` sends its JSON as application/x-www-form-urlencoded, which parsed
 * into one unknown property named after the whole text and twenty constraint messages; it is
 * now 415 UNSUPPORTED_MEDIA_TYPE naming the type received and the one expected.
 *
 * A JSON body that is empty (or only whitespace) is EMPTY_JSON_BODY: a bodiless route (approve,
 * cancel, DELETE) sent `Content-Type: application/json` by a client that sets it on every call
 * ignores it, and the validation pipe refuses it for a route that reads a body (400 naming the
 * body). A request without a body is never refused for its content type, and one for an unknown
 * path gets its 404.
 *
 * Call before the application's init: Nest's own parsers are off (`bodyParser: false`).
 */
export function installBodyParsers(fastify: FastifyInstance): void {
  fastify.removeAllContentTypeParsers();
  const json = fastify.getDefaultJsonParser('error', 'error');
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (BLANK.test(body as string)) return done(null, EMPTY_JSON_BODY);
    json(request, body as string, done);
  });
  let expected: string | undefined;
  fastify.addContentTypeParser('*', (request, _payload, done) => {
    if (request.is404 || request.headers['content-length'] === '0') return done(null, undefined);
    expected ??= fastify.hasContentTypeParser('multipart/form-data') ? `${READ_CONTENT_TYPES} (multipart/form-data for file uploads)` : READ_CONTENT_TYPES;
    done(unsupportedMediaType(request.headers['content-type'], expected), undefined);
  });
}
