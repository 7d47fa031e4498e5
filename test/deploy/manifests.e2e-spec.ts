import { spawnSync } from 'node:child_process';
import { createPrivateKey } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { validateEnvironment } from '@platform/pipeline/config/environment';
import { ROOT } from '@test/support/paths';
import {
  JWT_PRIVATE_KEY_PEM,
  k8sCopy,
  kubectlAvailable,
  kustomize,
  LocalSecretFile,
  METRICS_TOKEN,
  OVERLAYS,
  platformSecrets,
  render as renderIn,
} from './kustomize';

const APPS: Record<string, { prefix: string; metrics: string }> = {
  auth: { prefix: '/api/v1', metrics: '/api/v1/metrics' },
  hr: { prefix: '/api/v1/hr', metrics: '/api/v1/hr/metrics' },
  utilities: { prefix: '/api/v1/app', metrics: '/api/v1/app/metrics' },
  payroll: { prefix: '/api/v1/payroll', metrics: '/api/v1/payroll/metrics' },
  pay: { prefix: '/api/v1/pay', metrics: '/api/v1/pay/metrics' },
  books: { prefix: '/api/v1/books', metrics: '/api/v1/books/metrics' },
};
const APP_NAMES = Object.keys(APPS);

interface Metadata {
  name: string;
  namespace?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}

interface Probe {
  httpGet?: { path?: string; port?: number | string };
}

interface ContainerPort {
  name?: string;
  containerPort: number;
}

interface Container {
  name: string;
  image?: string;
  ports?: ContainerPort[];
  env?: { name: string; value?: string; valueFrom?: { secretKeyRef?: { name: string; key: string } } }[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  livenessProbe?: Probe;
  readinessProbe?: Probe;
  startupProbe?: Probe;
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  securityContext?: {
    runAsNonRoot?: boolean;
    runAsUser?: number;
    readOnlyRootFilesystem?: boolean;
    allowPrivilegeEscalation?: boolean;
    capabilities?: { drop?: string[] };
  };
  volumeMounts?: { name: string; mountPath: string }[];
}

interface PodSpec {
  containers: Container[];
  securityContext?: { runAsNonRoot?: boolean; runAsUser?: number; seccompProfile?: { type?: string } };
  volumes?: { name: string; emptyDir?: object }[];
}

interface IngressBackend {
  service?: { name: string; port: { number?: number; name?: string } };
}

interface IngressPath {
  path: string;
  pathType: string;
  backend: IngressBackend;
}

interface LabelSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: unknown[];
}

interface NetworkPolicyPeer {
  namespaceSelector?: LabelSelector;
  podSelector?: LabelSelector;
  ipBlock?: unknown;
}

interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: Metadata;
  data?: Record<string, string>;
  spec?: {
    podSelector?: LabelSelector;
    policyTypes?: string[];
    egress?: unknown[];
    ingress?: { from?: NetworkPolicyPeer[]; ports?: { port?: number | string; protocol?: string }[] }[];
    selector?: Record<string, unknown>;
    template?: { metadata?: Metadata; spec: PodSpec };
    ports?: { name?: string; port: number; targetPort?: number | string }[];
    scaleTargetRef?: { kind: string; name: string };
    minReplicas?: number;
    maxReplicas?: number;
    metrics?: { type: string; resource?: { name: string; target?: { type: string; averageUtilization?: number } } }[];
    minAvailable?: number | string;
    maxUnavailable?: number | string;
    ingressClassName?: string;
    defaultBackend?: IngressBackend;
    rules?: { host?: string; http?: { paths: IngressPath[] } }[];
    tls?: { hosts?: string[]; secretName?: string }[];
  };
}

let k8sRoot: string;

function render(overlay: string): Manifest[] {
  return renderIn(k8sRoot, overlay) as unknown as Manifest[];
}

function find(manifests: Manifest[], kind: string, name: string): Manifest {
  const found = manifests.find((m) => m.kind === kind && m.metadata.name === name);
  if (!found) throw new Error(`no ${kind} named ${name}`);
  return found;
}

function labelMap(value: unknown): Record<string, string> | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const entries = Object.entries(value as Record<string, unknown>);
  return entries.every(([, v]) => typeof v === 'string') ? (Object.fromEntries(entries) as Record<string, string>) : undefined;
}

/** Label selector of a Deployment or PodDisruptionBudget (matchLabels) or of a Service (plain map). */
function selectorOf(manifest: Manifest): Record<string, string> | undefined {
  const selector = manifest.spec?.selector;
  return manifest.kind === 'Service' ? labelMap(selector) : labelMap(selector?.matchLabels);
}

function selects(selector: Record<string, string> | undefined, labels: Record<string, string> | undefined): boolean {
  if (!selector || !Object.keys(selector).length) return false;
  return Object.entries(selector).every(([key, value]) => labels?.[key] === value);
}

function segments(path: string): string[] {
  return path.split('/').filter(Boolean);
}

function pathMatches(rule: IngressPath, path: string): boolean {
  if (rule.pathType === 'Exact') return rule.path === path;
  if (rule.pathType === 'Prefix') {
    const want = segments(rule.path);
    const got = segments(path);
    return want.length <= got.length && want.every((segment, i) => got[i] === segment);
  }
  throw new Error(`pathType ${rule.pathType} is implementation specific; use Exact or Prefix`);
}

/** The path rule that takes `path`, the way the Ingress API defines it (longest matching path, Exact before Prefix), and its Ingress. */
function winner(ingresses: Manifest[], host: string | undefined, path: string): { ingress: Manifest; rule: IngressPath } | undefined {
  const candidates = ingresses
    .flatMap((ingress) => (ingress.spec?.rules ?? []).map((rule) => ({ ingress, rule })))
    .filter(({ rule }) => rule.host === undefined || rule.host === host)
    .flatMap(({ ingress, rule }) => (rule.http?.paths ?? []).map((path) => ({ ingress, rule: path })))
    .filter(({ rule }) => pathMatches(rule, path))
    .sort((a, b) => b.rule.path.length - a.rule.path.length || (a.rule.pathType === 'Exact' ? -1 : 0) - (b.rule.pathType === 'Exact' ? -1 : 0));
  return candidates[0];
}

/** The Service an Ingress controller sends `path` to. */
function route(ingresses: Manifest[], host: string | undefined, path: string): string | undefined {
  return winner(ingresses, host, path)?.rule.backend.service?.name;
}

function containerPort(container: Container, port: number | string | undefined): number | undefined {
  if (typeof port === 'number') return port;
  return container.ports?.find((p) => p.name === port)?.containerPort;
}

/** Where a pod stands, as a NetworkPolicy sees it. */
interface Peer {
  namespace: string;
  labels: Record<string, string>;
}

function matchesSelector(selector: LabelSelector | undefined, labels: Record<string, string>): boolean {
  if (selector?.matchExpressions?.length) throw new Error('matchExpressions are not simulated; use matchLabels');
  return Object.entries(selector?.matchLabels ?? {}).every(([key, value]) => labels[key] === value);
}

/**
 * Whether a connection from `peer` to a pod of `target` on `port` is let in, the way the
 * NetworkPolicy API defines it: a pod no ingress policy selects takes everything; otherwise one
 * rule of one selecting policy must admit both the peer and the port (a named port resolves
 * against the target's container).
 */
function admits(policies: Manifest[], target: Manifest, peer: Peer, port: number): boolean {
  const pod = target.spec!.template!;
  const namespace = target.metadata.namespace!;
  const selecting = policies.filter(
    (policy) =>
      policy.metadata.namespace === namespace &&
      (policy.spec?.policyTypes ?? ['Ingress']).includes('Ingress') &&
      matchesSelector(policy.spec?.podSelector, pod.metadata?.labels ?? {}),
  );
  if (!selecting.length) return true;
  const namespaceLabels = { 'kubernetes.io/metadata.name': peer.namespace };
  return selecting.some((policy) =>
    (policy.spec?.ingress ?? []).some((rule) => {
      const fromAllowed =
        !rule.from?.length ||
        rule.from.some((from) => {
          if (from.ipBlock) return false;
          const inNamespace = from.namespaceSelector ? matchesSelector(from.namespaceSelector, namespaceLabels) : peer.namespace === namespace;
          return inNamespace && (!from.podSelector || matchesSelector(from.podSelector, peer.labels));
        });
      const portAllowed = !rule.ports?.length || rule.ports.some((p) => p.port === undefined || containerPort(pod.spec.containers[0], p.port) === port);
      return fromAllowed && portAllowed;
    }),
  );
}

beforeAll(() => {
  kubectlAvailable();
  k8sRoot = k8sCopy();
}, 30_000);
afterAll(() => rmSync(k8sRoot, { recursive: true, force: true }));

describe.each(OVERLAYS)('kustomize overlay %s', (overlay) => {
  let manifests: Manifest[];
  let namespace: string;

  beforeAll(() => {
    manifests = render(overlay);
    namespace = find(manifests, 'Namespace', `platform-${overlay}`).metadata.name;
  }, 60_000);

  it('puts every namespaced object in the overlay namespace', () => {
    for (const m of manifests.filter((m) => m.kind !== 'Namespace')) {
      expect({ kind: m.kind, name: m.metadata.name, namespace: m.metadata.namespace }).toEqual({
        kind: m.kind,
        name: m.metadata.name,
        namespace,
      });
    }
  });

  it('renders platform-secrets from platform-secrets.env and, in production, the metrics token from metrics-token.env: both kept out of Git, named by their content', () => {
    const secrets = manifests.filter((m) => m.kind === 'Secret');
    const named = (prefix: string) => secrets.filter((m) => new RegExp(`^${prefix}-[a-z0-9]{10}$`).test(m.metadata.name));
    expect(secrets.map((m) => m.metadata.name).sort()).toEqual(
      overlay === 'sandbox'
        ? [named('platform-secrets')[0]?.metadata.name]
        : [named('platform-metrics-token')[0]?.metadata.name, named('platform-secrets')[0]?.metadata.name],
    );
    const [platform] = named('platform-secrets');
    const decoded = Object.fromEntries(Object.entries(platform.data ?? {}).map(([key, value]) => [key, Buffer.from(value, 'base64').toString('utf8')]));
    expect(decoded).toEqual(platformSecrets(overlay));
    // the one-line PEM is the key auth reads: it turns each written \n back into a line break
    expect(decoded.JWT_PRIVATE_KEY.replace(/\\n/g, '\n')).toBe(JWT_PRIVATE_KEY_PEM.trimEnd());
    expect(createPrivateKey(decoded.JWT_PRIVATE_KEY.replace(/\\n/g, '\n')).asymmetricKeyDetails?.namedCurve).toBe('prime256v1');

    for (const app of APP_NAMES) {
      const container = find(manifests, 'Deployment', app).spec!.template!.spec.containers[0];
      expect(container.envFrom?.find((e) => e.secretRef)?.secretRef).toEqual({ name: platform.metadata.name });
      const metricsToken = container.env?.find((e) => e.name === 'METRICS_TOKEN')?.valueFrom?.secretKeyRef;
      if (overlay === 'sandbox') expect(metricsToken).toBeUndefined();
      else expect(metricsToken).toEqual({ name: named('platform-metrics-token')[0].metadata.name, key: 'METRICS_TOKEN' });
    }
    if (overlay === 'production') expect(named('platform-metrics-token')[0].data).toEqual({ METRICS_TOKEN: Buffer.from(METRICS_TOKEN).toString('base64') });

    // what a pod gets (the ConfigMap, then the Secret) is a configuration the apps start with
    const config = manifests.find((m) => m.kind === 'ConfigMap' && m.metadata.name.startsWith('platform-config'));
    expect(() => validateEnvironment({ ...config?.data, ...decoded, ...(overlay === 'production' ? { METRICS_TOKEN } : {}) })).not.toThrow();
  });

  it('names the deployment’s environment (the tokens’ audience) and the public address of signed links', () => {
    const config = manifests.find((m) => m.kind === 'ConfigMap' && m.metadata.name.startsWith('platform-config'));
    const host = manifests.find((m) => m.kind === 'Ingress')?.spec?.rules?.[0]?.host;
    expect(config?.data?.PLATFORM_ENVIRONMENT).toBe(overlay);
    expect(config?.data?.PUBLIC_BASE_URL).toBe(`https://${host}`);
  });

  describe('NetworkPolicies', () => {
    const controller: Peer = { namespace: 'ingress-nginx', labels: { 'app.kubernetes.io/name': 'ingress-nginx', 'app.kubernetes.io/component': 'controller' } };
    const prometheus: Peer = { namespace: 'monitoring', labels: { 'app.kubernetes.io/name': 'prometheus' } };
    let policies: Manifest[];
    let deployments: Manifest[];
    let peerOf: (deployment: Manifest) => Peer;

    beforeAll(() => {
      policies = manifests.filter((m) => m.kind === 'NetworkPolicy');
      deployments = manifests.filter((m) => m.kind === 'Deployment');
      peerOf = (deployment) => ({ namespace, labels: deployment.spec!.template!.metadata!.labels! });
    });

    it('refuse by default: every pod of the suite is selected by a policy', () => {
      expect(policies.every((p) => p.apiVersion === 'networking.k8s.io/v1')).toBe(true);
      expect(
        policies.filter(
          (p) => !Object.keys(p.spec?.podSelector?.matchLabels ?? {}).length && p.spec?.policyTypes?.includes('Ingress') && !p.spec?.ingress?.length,
        ),
      ).toHaveLength(1);
      for (const deployment of deployments) {
        expect({ deployment: deployment.metadata.name, open: admits(policies, deployment, { namespace: 'elsewhere', labels: {} }, 3000) }).toEqual({
          deployment: deployment.metadata.name,
          open: false,
        });
      }
    });

    it.each(APP_NAMES)('let the ingress controller, the suite’s apps and Prometheus reach %s on its port, and nobody else', (app) => {
      const target = find(manifests, 'Deployment', app);
      expect(admits(policies, target, controller, 3000)).toBe(true);
      expect(admits(policies, target, controller, 9229)).toBe(false);
      for (const other of APP_NAMES) expect(admits(policies, target, peerOf(find(manifests, 'Deployment', other)), 3000)).toBe(true);
      expect(admits(policies, target, prometheus, 3000)).toBe(true);
      expect(admits(policies, target, peerOf(find(manifests, 'Deployment', 'ingress-deny')), 3000)).toBe(false);
      expect(admits(policies, target, { namespace, labels: { run: 'debug' } }, 3000)).toBe(false);
      expect(admits(policies, target, { namespace: 'ingress-nginx', labels: { 'app.kubernetes.io/name': 'other' } }, 3000)).toBe(false);
      expect(admits(policies, target, { namespace: 'default', labels: { 'app.kubernetes.io/name': 'ingress-nginx' } }, 3000)).toBe(false);
      expect(
        admits(
          policies,
          target,
          { namespace: 'other-tenant', labels: { 'app.kubernetes.io/part-of': 'platform', 'app.kubernetes.io/component': 'api' } },
          3000,
        ),
      ).toBe(false);
    });

    it('let auth reach utilities (account emails) and the ingress controller reach auth (the people Ingress’s session check), restricting no egress', () => {
      expect(admits(policies, find(manifests, 'Deployment', 'utilities'), peerOf(find(manifests, 'Deployment', 'auth')), 3000)).toBe(true);
      expect(admits(policies, find(manifests, 'Deployment', 'auth'), controller, 3000)).toBe(true);
      // admits() simulates ingress rules only: an egress policy would need its own rules for these two
      expect(policies.filter((p) => p.spec?.policyTypes?.includes('Egress') || p.spec?.egress).map((p) => p.metadata.name)).toEqual([]);
    });

    it('let only the ingress controller reach ingress-deny', () => {
      const deny = find(manifests, 'Deployment', 'ingress-deny');
      expect(admits(policies, deny, controller, 8080)).toBe(true);
      expect(admits(policies, deny, prometheus, 8080)).toBe(false);
      expect(admits(policies, deny, peerOf(find(manifests, 'Deployment', 'auth')), 8080)).toBe(false);
    });
  });

  it('generates platform-config with the in-cluster settings', () => {
    const config = manifests.find((m) => m.kind === 'ConfigMap' && m.metadata.name.startsWith('platform-config'));
    expect(config?.data).toMatchObject({
      AUTH_URL: 'http://auth',
      HR_URL: 'http://hr',
      PAYROLL_URL: 'http://payroll',
      PAY_URL: 'http://pay',
      BOOKS_URL: 'http://books',
      // auth sends account emails through utilities
      UTILITIES_URL: 'http://utilities',
      TRUST_PROXY: 'true',
      DATA_DIR: '/data',
      PORT: '3000',
      HOST: '0.0.0.0',
    });
    expect(Number(config?.data?.SHUTDOWN_GRACE_MS)).toBeGreaterThan(0);
    expect(config?.data?.LOG_LEVEL).toMatch(/^(fatal|error|warn|info|debug|trace)$/);
  });

  describe.each(APP_NAMES)('%s', (app) => {
    it('has a hardened Deployment with probes, resources, writable /data and /tmp and platform config', () => {
      const deployment = find(manifests, 'Deployment', app);
      const template = deployment.spec?.template;
      expect(selects(selectorOf(deployment), template?.metadata?.labels)).toBe(true);
      const pod = template!.spec;
      expect(pod.containers).toHaveLength(1);
      const [container] = pod.containers;

      expect(container.image).toMatch(new RegExp(`/${app}(:[\\w.-]+|@sha256:[0-9a-f]{64})$`));
      expect(container.livenessProbe?.httpGet?.path).toBe('/healthz/live');
      expect(container.readinessProbe?.httpGet?.path).toBe('/healthz/ready');
      expect(container.startupProbe?.httpGet?.path).toBe('/healthz/live');
      for (const probe of [container.livenessProbe, container.readinessProbe, container.startupProbe]) {
        expect(containerPort(container, probe?.httpGet?.port)).toBe(3000);
      }

      const runAsNonRoot = container.securityContext?.runAsNonRoot ?? pod.securityContext?.runAsNonRoot;
      const runAsUser = container.securityContext?.runAsUser ?? pod.securityContext?.runAsUser;
      expect(runAsNonRoot).toBe(true);
      expect(runAsUser).toBeGreaterThan(0);
      expect(container.securityContext?.readOnlyRootFilesystem).toBe(true);
      expect(container.securityContext?.allowPrivilegeEscalation).toBe(false);
      expect(container.securityContext?.capabilities?.drop).toContain('ALL');
      expect(pod.securityContext?.seccompProfile?.type).toBe('RuntimeDefault');

      for (const key of ['requests', 'limits'] as const) {
        expect(container.resources?.[key]?.cpu).toBeTruthy();
        expect(container.resources?.[key]?.memory).toBeTruthy();
      }

      for (const mountPath of ['/data', '/tmp']) {
        const mount = container.volumeMounts?.find((m) => m.mountPath === mountPath);
        expect(mount).toBeDefined();
        expect(pod.volumes?.find((v) => v.name === mount?.name)?.emptyDir).toBeDefined();
      }

      const configRef = container.envFrom?.find((e) => e.configMapRef)?.configMapRef?.name;
      expect(configRef).toMatch(/^platform-config/);
      expect(manifests.some((m) => m.kind === 'ConfigMap' && m.metadata.name === configRef)).toBe(true);
      const secretRef = container.envFrom?.find((e) => e.secretRef)?.secretRef?.name;
      expect(secretRef).toMatch(/^platform-secrets-/);
      expect(manifests.some((m) => m.kind === 'Secret' && m.metadata.name === secretRef)).toBe(true);

      expect(template?.metadata?.annotations).toMatchObject({
        'prometheus.io/scrape': 'true',
        'prometheus.io/port': '3000',
        'prometheus.io/path': APPS[app].metrics,
      });
    });

    it('has a Service named after the app, port 80 to container port 3000', () => {
      const service = find(manifests, 'Service', app);
      const deployment = find(manifests, 'Deployment', app);
      expect(selects(selectorOf(service), deployment.spec?.template?.metadata?.labels)).toBe(true);
      const port = service.spec?.ports?.find((p) => p.port === 80);
      expect(port).toBeDefined();
      expect(containerPort(deployment.spec!.template!.spec.containers[0], port?.targetPort)).toBe(3000);
    });

    it('has a CPU HorizontalPodAutoscaler for the Deployment', () => {
      const hpa = find(manifests, 'HorizontalPodAutoscaler', app);
      expect(hpa.apiVersion).toBe('autoscaling/v2');
      expect(hpa.spec?.scaleTargetRef).toMatchObject({ kind: 'Deployment', name: app });
      expect(hpa.spec?.minReplicas).toBeGreaterThanOrEqual(1);
      expect(hpa.spec?.maxReplicas).toBeGreaterThanOrEqual(hpa.spec?.minReplicas ?? Infinity);
      const cpu = hpa.spec?.metrics?.find((m) => m.type === 'Resource' && m.resource?.name === 'cpu');
      expect(cpu?.resource?.target?.type).toBe('Utilization');
      expect(cpu?.resource?.target?.averageUtilization).toBeGreaterThan(0);
    });

    it('has a PodDisruptionBudget selecting its pods', () => {
      const pdb = find(manifests, 'PodDisruptionBudget', app);
      const deployment = find(manifests, 'Deployment', app);
      expect(pdb.apiVersion).toBe('policy/v1');
      expect(selects(selectorOf(pdb), deployment.spec?.template?.metadata?.labels)).toBe(true);
      expect(pdb.spec?.minAvailable ?? pdb.spec?.maxUnavailable).toBeDefined();
    });
  });

  describe('Ingress', () => {
    let ingresses: Manifest[];
    let hosts: (string | undefined)[];

    beforeAll(() => {
      ingresses = manifests.filter((m) => m.kind === 'Ingress');
      hosts = [...new Set(ingresses.flatMap((i) => (i.spec?.rules ?? []).map((r) => r.host)))];
    });

    it('uses the nginx class, a host and TLS', () => {
      expect(ingresses.length).toBeGreaterThan(0);
      for (const ingress of ingresses) {
        expect(ingress.apiVersion).toBe('networking.k8s.io/v1');
        expect(ingress.spec?.ingressClassName).toBe('nginx');
        expect(ingress.spec?.defaultBackend).toBeUndefined();
      }
      expect(hosts.every((host) => typeof host === 'string' && host.length > 0)).toBe(true);
    });

    it('points every backend at an existing Service port', () => {
      for (const path of ingresses.flatMap((i) => (i.spec?.rules ?? []).flatMap((r) => r.http?.paths ?? []))) {
        expect(['Exact', 'Prefix']).toContain(path.pathType);
        const backend = path.backend.service!;
        const service = find(manifests, 'Service', backend.name);
        const port = service.spec?.ports?.find((p) => p.name === backend.port.name || p.port === backend.port.number);
        expect({ path: path.path, port }).toEqual({ path: path.path, port: expect.anything() });
      }
    });

    it.each([
      ['/api/v1', 'auth'],
      ['/api/v1/', 'auth'],
      ['/api/v1/authorize/token', 'auth'],
      ['/api/v1/.well-known/jwks.json', 'auth'],
      ['/api/v1/workspaces/1/companies', 'auth'],
      ['/api/v1/openapi.json', 'auth'],
      ['/api/v1/hr', 'hr'],
      ['/api/v1/hr/employees/42', 'hr'],
      ['/api/v1/hrx', 'auth'],
      ['/api/v1/app', 'utilities'],
      ['/api/v1/app/notifications/preferences', 'utilities'],
      ['/api/v1/payroll', 'payroll'],
      ['/api/v1/payroll/runs/1/payslips', 'payroll'],
      ['/api/v1/pay', 'pay'],
      ['/api/v1/pay/wallets/1/credits', 'pay'],
      ['/api/v1/payments', 'auth'],
      ['/api/v1/books', 'books'],
      ['/api/v1/books/reports/trial-balance', 'books'],
      ['/api/v1/metricsx', 'auth'],
      ['/api/v1/hr/metrics-history', 'hr'],
      ['/api/v1/account', 'auth'],
      ['/api/v1/account/sessions', 'auth'],
      ['/api/v1/accounts', 'auth'],
      ['/api/v1/app/webhooks', 'utilities'],
      ['/api/v1/app/webhooks/endpoints/1/deliveries', 'utilities'],
      ['/api/v1/app/webhooksx', 'utilities'],
      ['/dashboard', 'auth'],
      ['/dashboard/', 'auth'],
      ['/dashboard/assets/app.js', 'auth'],
    ])('routes %s to %s', (path, service) => {
      for (const host of hosts) expect(route(ingresses, host, path)).toBe(service);
    });

    it.each(Object.values(APPS).flatMap(({ metrics }) => [metrics, `${metrics}/`, `${metrics}/anything`]))(
      'does not route metrics path %s to an app',
      (path) => {
        for (const host of hosts) {
          const target = route(ingresses, host, path);
          expect(target).toBeDefined();
          expect(APP_NAMES).not.toContain(target);
          const selector = selectorOf(find(manifests, 'Service', target!));
          const deployment = manifests.find((m) => m.kind === 'Deployment' && selects(selector, m.spec?.template?.metadata?.labels));
          expect(deployment?.metadata.name).toBe(target);
          expect(deployment?.spec?.template?.metadata?.annotations?.['prometheus.io/scrape']).toBeUndefined();
        }
      },
    );

    it.each([
      '/',
      '/healthz/live',
      '/healthz/ready',
      '/internal/revocations',
      '/internal/v1/revocations',
      '/internal/v1/tenancy/access',
      '/internal/v1/gateway/session',
      '/api',
      '/api/v2/hr',
      '/dashboardx',
    ])('does not route %s', (path) => {
      for (const host of hosts) expect(route(ingresses, host, path)).toBeUndefined();
    });

    it('serves one host with one TLS Secret from every Ingress, and no path twice', () => {
      expect(hosts).toHaveLength(1);
      const tls = find(manifests, 'Ingress', 'platform').spec?.tls;
      expect(tls).toEqual([{ hosts: hosts, secretName: 'platform-tls' }]);
      for (const ingress of ingresses) expect({ ingress: ingress.metadata.name, tls: ingress.spec?.tls }).toEqual({ ingress: ingress.metadata.name, tls });
      const rules = ingresses.flatMap((i) => (i.spec?.rules ?? []).flatMap((r) => (r.http?.paths ?? []).map((p) => `${r.host} ${p.pathType} ${p.path}`)));
      expect(new Set(rules).size).toBe(rules.length);
    });

    describe('gateway session (people routes)', () => {
      const annotation = (ingress: Manifest, key: string) => ingress.metadata.annotations?.[`nginx.ingress.kubernetes.io/${key}`];

      it('has the Ingress platform-people for /api/v1/account (auth) and /api/v1/app/webhooks (utilities) only', () => {
        const people = find(manifests, 'Ingress', 'platform-people');
        const paths = (people.spec?.rules ?? [])
          .flatMap((r) => r.http?.paths ?? [])
          .map((p) => [p.path, p.pathType, p.backend.service?.name, p.backend.service?.port.name]);
        expect(paths).toEqual([
          ['/api/v1/account', 'Prefix', 'auth', 'http'],
          ['/api/v1/app/webhooks', 'Prefix', 'utilities', 'http'],
        ]);
      });

      it('asks auth’s session check on every request and passes its X-Platform-Session on, with the body limit of the platform Ingress', () => {
        const people = find(manifests, 'Ingress', 'platform-people');
        const url = new URL(annotation(people, 'auth-url') ?? '');
        expect(url.href).toBe(`http://auth.${namespace}.svc.cluster.local/internal/v1/gateway/session`);
        // the auth Service of this namespace, on one of its ports, to the container's 3000
        const service = find(manifests, 'Service', 'auth');
        expect(url.hostname).toBe(`${service.metadata.name}.${service.metadata.namespace}.svc.cluster.local`);
        const port = service.spec?.ports?.find((p) => p.port === Number(url.port || 80));
        expect(containerPort(find(manifests, 'Deployment', 'auth').spec!.template!.spec.containers[0], port?.targetPort)).toBe(3000);

        expect(annotation(people, 'auth-method')).toBe('GET');
        expect(annotation(people, 'auth-response-headers')).toBe('X-Platform-Session');
        expect(annotation(people, 'proxy-body-size')).toBe(annotation(find(manifests, 'Ingress', 'platform'), 'proxy-body-size'));
        // nothing else: no auth-cache-key (a signed-out session must stop at once), no snippet
        expect(Object.keys(people.metadata.annotations ?? {}).sort()).toEqual(
          ['auth-method', 'auth-response-headers', 'auth-url', 'proxy-body-size'].map((key) => `nginx.ingress.kubernetes.io/${key}`),
        );
      });

      it.each(['/api/v1/account', '/api/v1/account/sessions', '/api/v1/app/webhooks', '/api/v1/app/webhooks/endpoints/1'])(
        'takes %s through the session check',
        (path) => {
          for (const host of hosts) expect(winner(ingresses, host, path)?.ingress.metadata.name).toBe('platform-people');
        },
      );

      it.each([
        '/api/v1/accounts',
        '/api/v1/authorize/current',
        '/api/v1/hr/employees',
        '/api/v1/app/notifications',
        '/api/v1/app/webhooksx',
        '/dashboard',
        '/dashboard/assets/app.js',
      ])('takes %s past no session check', (path) => {
        for (const host of hosts) {
          const ingress = winner(ingresses, host, path)?.ingress;
          expect(ingress?.metadata.name).toBe('platform');
          expect(annotation(ingress!, 'auth-url')).toBeUndefined();
        }
      });
    });
  });
});

describe('the files an operator keeps out of Git', () => {
  it.each<[string, LocalSecretFile, LocalSecretFile[]]>([
    ['sandbox', 'platform-secrets.env', []],
    ['production', 'platform-secrets.env', ['metrics-token.env']],
    ['production', 'metrics-token.env', ['platform-secrets.env']],
  ])('%s refuses to render without %s, naming it', (overlay, missing, present) => {
    const root = k8sCopy(present);
    try {
      const result = kustomize(root, overlay);
      expect(result.status).not.toBe(0);
      expect(result.stderr).toContain(missing);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('are ignored by Git, and each overlay commits the example its operator copies', () => {
    for (const overlay of OVERLAYS) {
      const files = overlay === 'production' ? ['platform-secrets.env', 'metrics-token.env'] : ['platform-secrets.env'];
      for (const file of files) {
        expect({ file, ignored: spawnSync('git', ['check-ignore', '-q', `k8s/overlays/${overlay}/${file}`], { cwd: ROOT }).status }).toEqual({
          file,
          ignored: 0,
        });
      }
      const example = `k8s/overlays/${overlay}/platform-secrets.env.example`;
      expect({ example, tracked: spawnSync('git', ['ls-files', '--error-unmatch', example], { cwd: ROOT }).status }).toEqual({ example, tracked: 0 });
    }
  });

  it('the examples list every key the tests render, and nothing a real secret would keep', () => {
    for (const overlay of OVERLAYS) {
      const example = readFileSync(join(ROOT, 'k8s', 'overlays', overlay, 'platform-secrets.env.example'), 'utf8');
      const keys = example
        .split('\n')
        .filter((line) => /^[A-Z_]+=/.test(line))
        .map((line) => line.slice(0, line.indexOf('=')));
      const expected = Object.keys(platformSecrets(overlay));
      expect(keys.sort()).toEqual((overlay === 'sandbox' ? [...expected, 'METRICS_TOKEN'] : expected).sort());
      for (const line of example.split('\n').filter((l) => /^[A-Z_]+=/.test(l))) {
        if (!line.startsWith('JWT_KEY_ID=')) expect(line).toContain('CHANGE_ME');
      }
    }
  });
});

describe('overlays differ where they should', () => {
  let sandbox: Manifest[];
  let production: Manifest[];

  beforeAll(() => {
    sandbox = render('sandbox');
    production = render('production');
  }, 120_000);

  it('uses separate namespaces and hosts', () => {
    const ns = (ms: Manifest[]) => ms.find((m) => m.kind === 'Namespace')?.metadata.name;
    const host = (ms: Manifest[]) => ms.find((m) => m.kind === 'Ingress')?.spec?.rules?.[0]?.host;
    expect(ns(sandbox)).not.toBe(ns(production));
    expect(host(sandbox)).not.toBe(host(production));
  });

  it('gives production at least as many replicas as sandbox', () => {
    for (const app of APP_NAMES) {
      const min = (ms: Manifest[]) => find(ms, 'HorizontalPodAutoscaler', app).spec?.minReplicas ?? 0;
      expect(min(production)).toBeGreaterThanOrEqual(2);
      expect(min(production)).toBeGreaterThanOrEqual(min(sandbox));
    }
  });
});
