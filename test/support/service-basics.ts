import { Type } from '@nestjs/common';
import { describeService, ServiceName } from '@platform/contracts';
import { call } from './http';
import { Developer, expectError, RunningApp, TestStack } from './stack';

/** What every product service answers before its domain exists: root, health, metrics, OpenAPI, the pipeline. */
export function describeServiceBasics(module: Type, name: ServiceName): void {
  const { prefix, product } = describeService(name);
  const base = `/${prefix}`;

  describe(`${name} service basics`, () => {
    let stack: TestStack;
    let app: RunningApp;
    let dev: Developer;

    beforeAll(async () => {
      stack = await TestStack.start();
      app = await stack.startApp(module, name);
      dev = await stack.developer();
    });
    afterAll(() => stack.stop());

    it('answers its root without credentials', async () => {
      const root = await call(app.url, 'GET', base);
      expect(root.status).toBe(200);
      expect(root.body).toMatchObject({ success: true, data: { service: name, apiVersion: 'v1' } });
    });

    it('reports health behind the three headers', async () => {
      expectError(await call(app.url, 'GET', `${base}/health`), 401, 'AUTH_TOKEN_MISSING');
      const health = await dev.call(app, 'GET', `${base}/health`);
      expect(health.status).toBe(200);
      expect(health.body.data).toMatchObject({ status: 'ok', service: name, dependencies: { database: { status: 'up' } } });
      expect(health.headers.get('ratelimit-limit')).toBeDefined();
    });

    it('serves probes, metrics and its OpenAPI document', async () => {
      expect((await call(app.url, 'GET', '/healthz/live')).status).toBe(200);
      expect((await call(app.url, 'GET', '/healthz/ready')).status).toBe(200);
      const metrics = await call(app.url, 'GET', `${base}/metrics`);
      expect(metrics.text).toContain(`service="${name}"`);
      const openapi = await call(app.url, 'GET', `${base}/openapi.json`);
      expect(openapi.body.openapi).toMatch(/^3\./);
      // the three headers together: one requirement naming the three schemes
      expect(openapi.body.paths[`${base}/health`].get.security).toEqual([{ bearer: [], apiKey: [], clientId: [] }]);
    });

    it('counts its calls as usage of its own product', async () => {
      await dev.call(app, 'GET', `${base}/health`);
      const usage = await dev.call(stack.auth, 'GET', '/api/v1/authorize/usage');
      expect(usage.body.data.apiRequests.byProduct[product]).toBeGreaterThanOrEqual(1);
    });

    it('answers unknown routes, unroutable paths and bad tokens with the error envelope', async () => {
      expectError(await dev.call(app, 'GET', `${base}/nothing-here`), 404, 'HTTP_ERROR');
      const unroutable = await dev.call(app, 'GET', `${base}/%ZZ`);
      expectError(unroutable, 400, 'HTTP_ERROR');
      expect(unroutable.headers.get('x-request-id')).toBeTruthy();
      expect(unroutable.headers.get('x-content-type-options')).toBe('nosniff');
      expectError(await call(app.url, 'GET', `${base}/health`, { headers: dev.headers({ authorization: 'Bearer x.y.z' }) }), 401, 'AUTH_TOKEN_INVALID');
    });
  });
}
