import { dirname } from 'node:path';

/**
 * package.json lifts Fastify to 5.12 under @nestjs/platform-fastify 11 (an npm override). Before
 * 5.12 its body parser used AsyncResource#bind, whose deprecated accessors on Node 20 kept every
 * request with a body alive until a full collection (docs/decisions/0016-fastify-5-12-8-override.md). This holds the override
 * in place: the Fastify Nest's adapter loads is the one the services run on, and is 5.12 or later.
 */
describe('Fastify under the Nest adapter', () => {
  const adapterDir = dirname(require.resolve('@nestjs/platform-fastify/package.json'));
  const resolvedByAdapter = require.resolve('fastify', { paths: [adapterDir] });

  it('is the single Fastify of the suite', () => {
    expect(resolvedByAdapter).toBe(require.resolve('fastify'));
  });

  it('is 5.12 or later, whose body parser runs its callback without AsyncResource#bind', () => {
    const { version } = require(require.resolve('fastify/package.json', { paths: [adapterDir] })) as { version: string };
    const [major, minor] = version.split('.').map(Number);
    expect(major > 5 || (major === 5 && minor >= 12)).toBe(true);
  });
});
