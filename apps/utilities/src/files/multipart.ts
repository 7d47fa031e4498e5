import { fastifyMultipart, FastifyMultipartOptions } from '@fastify/multipart';
import type { FastifyInstance, FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';

/**
 * @fastify/multipart as this service uses it: an upload is read as a stream of parts
 * (`request.parts()`), never saved to temporary files by the plugin.
 *
 * The plugin adds one hook for every route of the instance: an async `onResponse` that deletes
 * the temporary files `saveRequestFiles()` wrote. With no such files it did nothing but cost a
 * promise and a microtask on every response of the service, uploads or not (a cached GET gained
 * about 2% of throughput without it, in 4 alternating pairs of the bench). The plugin is
 * registered here without that hook, and `saveRequestFiles()`, whose files nothing would
 * delete, refuses to run.
 */
export const multipartStreams: FastifyPluginCallback<FastifyMultipartOptions> = fp(
  (fastify, options, done) => {
    fastifyMultipart(withoutTemporaryFiles(fastify), options, done);
  },
  { name: 'multipart-streams', fastify: '5.x' },
);

export class TemporaryFilesNotSupportedError extends Error {
  constructor() {
    super('saveRequestFiles() is not supported: read uploads with request.parts() or request.file()');
    this.name = 'TemporaryFilesNotSupportedError';
  }
}

function refuseTemporaryFiles(): Promise<never> {
  return Promise.reject(new TemporaryFilesNotSupportedError());
}

/** The instance, as the plugin sees it: its temporary-file cleanup hook is dropped and `saveRequestFiles` refused. */
function withoutTemporaryFiles(fastify: FastifyInstance): FastifyInstance {
  const view: FastifyInstance = new Proxy(fastify, {
    get(target, property) {
      if (property === 'addHook') {
        return (name: string, hook: unknown) => (name === 'onResponse' ? view : target.addHook(name as 'onRequest', hook as never));
      }
      if (property === 'decorateRequest') {
        return (name: string, value: unknown, dependencies?: string[]) =>
          target.decorateRequest(name, name === 'saveRequestFiles' ? refuseTemporaryFiles : value, dependencies);
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return view;
}
