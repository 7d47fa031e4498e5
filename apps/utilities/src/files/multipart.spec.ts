import multipart from '@fastify/multipart';
import Fastify, { FastifyInstance, FastifyPluginCallback } from 'fastify';
import { multipartStreams, TemporaryFilesNotSupportedError } from './multipart';

const BOUNDARY = 'test-boundary';
const body = [
  `--${BOUNDARY}`,
  'Content-Disposition: form-data; name="file"; filename="a.txt"',
  'Content-Type: text/plain',
  '',
  'hello',
  `--${BOUNDARY}`,
  'Content-Disposition: form-data; name="visibility"',
  '',
  'public',
  `--${BOUNDARY}--`,
  '',
].join('\r\n');

/** An instance with the plugin registered, the hooks added to it recorded by name, its errors recorded, and two routes that read an upload. */
async function instanceWith(plugin: FastifyPluginCallback): Promise<{ app: FastifyInstance; hooks: string[]; errors: unknown[] }> {
  const app = Fastify();
  const hooks: string[] = [];
  const errors: unknown[] = [];
  app.setErrorHandler((error, _request, reply) => {
    errors.push(error);
    void reply.status(500).send({ failed: true });
  });
  const addHook = app.addHook.bind(app);
  app.addHook = ((name: string, hook: never) => {
    hooks.push(name);
    return addHook(name as 'onRequest', hook);
  }) as FastifyInstance['addHook'];
  await app.register(plugin);
  app.post('/parts', async (request) => {
    const seen: string[] = [];
    for await (const part of request.parts())
      seen.push(part.type === 'file' ? `${part.fieldname}:${(await part.toBuffer()).toString()}` : `${part.fieldname}=${String(part.value)}`);
    return { seen };
  });
  app.post('/saved', async (request) => {
    await request.saveRequestFiles();
    return { saved: true };
  });
  await app.ready();
  return { app, hooks, errors };
}

const upload = (app: FastifyInstance, url: string) =>
  app.inject({ method: 'POST', url, headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }, payload: body });

describe('multipartStreams', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => app?.close());

  it('reads an upload as a stream of parts, as the plugin does', async () => {
    const registered = await instanceWith(multipartStreams as FastifyPluginCallback);
    app = registered.app;
    const response = await upload(app, '/parts');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ seen: ['file:hello', 'visibility=public'] });
  });

  it('adds no onResponse hook, where the plugin itself adds one for every route', async () => {
    const plain = await instanceWith(multipart as FastifyPluginCallback);
    expect(plain.hooks).toContain('onResponse');
    await plain.app.close();

    const registered = await instanceWith(multipartStreams as FastifyPluginCallback);
    app = registered.app;
    expect(registered.hooks).not.toContain('onResponse');
  });

  it('refuses saveRequestFiles, whose temporary files nothing would delete', async () => {
    const registered = await instanceWith(multipartStreams as FastifyPluginCallback);
    app = registered.app;
    const response = await upload(app, '/saved');
    expect(response.statusCode).toBe(500);
    expect(registered.errors).toHaveLength(1);
    expect(registered.errors[0]).toBeInstanceOf(TemporaryFilesNotSupportedError);
  });
});
