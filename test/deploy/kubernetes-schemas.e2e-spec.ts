import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createGenerator } from 'ts-json-schema-generator';
import { k8sCopy, kubectlAvailable, type Manifest, OVERLAYS, render } from './kustomize';

/**
 * Every object both overlays render, validated against the Kubernetes JSON schemas with unknown
 * fields refused, as `kubectl apply --validate=strict` does against a cluster: a misspelt field
 * fails here instead of being dropped by a cluster that skips validation.
 *
 * The schemas come from npm: kubernetes-types holds the API's types as the Kubernetes OpenAPI
 * spec defines them (1.30), and ts-json-schema-generator turns those into JSON Schemas, every
 * object closed (`additionalProperties: false`; maps such as labels and data stay open, as their
 * types say). kubernetes-models ships only compiled validators, which let unknown fields through.
 */
const TYPES = dirname(require.resolve('kubernetes-types/package.json'));

/** `apps/v1` → kubernetes-types' `apps/v1`, `networking.k8s.io/v1` → `networking/v1`, `v1` → `core/v1`. */
function typesModule(apiVersion: string): string {
  const [group, version] = apiVersion.includes('/') ? apiVersion.split('/') : ['', apiVersion];
  return join(TYPES, group ? group.split('.')[0] : 'core', version);
}

const typeName = (apiVersion: string, kind: string) => `${apiVersion.replace(/[^A-Za-z0-9]/g, '_')}_${kind}`;

/** A validator per apiVersion and kind, from one TypeScript program naming each. */
function strictValidators(objects: Array<{ apiVersion: string; kind: string }>): Map<string, ValidateFunction> {
  const kinds = [...new Map(objects.map((o) => [typeName(o.apiVersion, o.kind), o])).values()];
  const dir = mkdtempSync(join(tmpdir(), 'platform-k8s-schemas-'));
  try {
    const entry = join(dir, 'kinds.ts');
    const modules = [...new Set(kinds.map(({ apiVersion }) => typesModule(apiVersion)))];
    writeFileSync(
      entry,
      [
        ...modules.map((module, i) => `import type * as module${i} from ${JSON.stringify(module)};`),
        ...kinds.map(({ apiVersion, kind }) => `export type ${typeName(apiVersion, kind)} = module${modules.indexOf(typesModule(apiVersion))}.${kind};`),
      ].join('\n'),
    );
    const generator = createGenerator({ path: entry, type: '*', skipTypeCheck: true, additionalProperties: false, expose: 'all', jsDoc: 'none', topRef: true });
    const ajv = new Ajv({ allErrors: true, strict: false });
    return new Map(kinds.map(({ apiVersion, kind }) => [`${apiVersion} ${kind}`, ajv.compile(generator.createSchema(typeName(apiVersion, kind)))]));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The object's problems, one line each: where, what, and the unknown field's name. */
function problems(validators: Map<string, ValidateFunction>, object: Manifest): string[] {
  const name = `${object.kind}/${object.metadata?.name}`;
  const validate = validators.get(`${object.apiVersion} ${object.kind}`);
  if (!validate) return [`${name}: no schema for ${object.apiVersion} ${object.kind}`];
  if (validate(object)) return [];
  return (validate.errors ?? []).map((error: ErrorObject) => {
    const unknown = error.keyword === 'additionalProperties' ? ` "${(error.params as { additionalProperty: string }).additionalProperty}"` : '';
    return `${name} ${error.instancePath || '/'}: ${error.message}${unknown}`;
  });
}

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

describe('rendered manifests against the Kubernetes JSON schemas, unknown fields refused', () => {
  let root: string;
  const rendered = new Map<string, Manifest[]>();
  let validators: Map<string, ValidateFunction>;

  beforeAll(() => {
    kubectlAvailable();
    root = k8sCopy();
    for (const overlay of OVERLAYS) rendered.set(overlay, render(root, overlay));
    validators = strictValidators([...rendered.values()].flat());
  }, 180_000);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it.each(OVERLAYS)('%s: every object it renders is valid', (overlay) => {
    const objects = rendered.get(overlay)!;
    expect(new Set(objects.map((o) => o.kind))).toEqual(
      new Set(['Namespace', 'ConfigMap', 'Secret', 'Service', 'Deployment', 'HorizontalPodAutoscaler', 'PodDisruptionBudget', 'Ingress', 'NetworkPolicy']),
    );
    expect(objects.flatMap((object) => problems(validators, object))).toEqual([]);
  });

  it('refuses an unknown field in every kind rendered, at the top and in metadata', () => {
    const oneOfEachKind = [...new Map(rendered.get('production')!.map((o) => [o.kind, o])).values()];
    for (const object of oneOfEachKind) {
      const typo = clone(object) as Manifest & Record<string, unknown>;
      typo.spex = {};
      typo.metadata = { ...typo.metadata, labelz: { app: 'x' } } as Manifest['metadata'];
      expect(problems(validators, typo)).toEqual([
        `${object.kind}/${object.metadata.name} /: must NOT have additional properties "spex"`,
        `${object.kind}/${object.metadata.name} /metadata: must NOT have additional properties "labelz"`,
      ]);
    }
  });

  it('refuses a misspelt field, a field in the wrong place and a value of the wrong type, naming each', () => {
    const deployment = rendered.get('sandbox')!.find((o) => o.kind === 'Deployment' && o.metadata.name === 'hr')!;
    expect(problems(validators, deployment)).toEqual([]);

    const misspelt = clone(deployment) as Manifest & { spec: Record<string, unknown> };
    misspelt.spec.replicaz = 2;
    expect(problems(validators, misspelt)).toEqual(['Deployment/hr /spec: must NOT have additional properties "replicaz"']);

    const nested = clone(deployment) as Manifest & { spec: { template: { spec: { containers: Array<Record<string, unknown>> } } } };
    nested.spec.template.spec.containers[0].imagePullPolicyy = 'Always';
    nested.spec.template.spec.containers[0].resources = { limits: { cpu: '1' }, request: { cpu: '1' } };
    expect(problems(validators, nested)).toEqual([
      'Deployment/hr /spec/template/spec/containers/0: must NOT have additional properties "imagePullPolicyy"',
      'Deployment/hr /spec/template/spec/containers/0/resources: must NOT have additional properties "request"',
    ]);

    const wrongType = clone(deployment) as Manifest & { spec: Record<string, unknown> };
    wrongType.spec.replicas = 'two';
    delete wrongType.spec.selector;
    expect(problems(validators, wrongType)).toEqual([
      "Deployment/hr /spec: must have required property 'selector'",
      'Deployment/hr /spec/replicas: must be number',
    ]);
  });

  it('refuses replicaz patched into an overlay: kustomize renders it, the schemas do not let it through', () => {
    const typo = join(root, 'k8s', 'overlays', 'typo');
    mkdirSync(typo);
    writeFileSync(
      join(typo, 'kustomization.yaml'),
      [
        'apiVersion: kustomize.config.k8s.io/v1beta1',
        'kind: Kustomization',
        'resources:',
        '  - ../sandbox',
        'patches:',
        '  - target: { kind: Deployment, name: hr }',
        '    patch: |-',
        '      - op: add',
        '        path: /spec/replicaz',
        '        value: 2',
        '',
      ].join('\n'),
    );
    const objects = render(root, 'typo');
    expect(objects.find((o) => o.kind === 'Deployment' && o.metadata.name === 'hr')).toMatchObject({ spec: { replicaz: 2 } });
    expect(objects.flatMap((object) => problems(validators, object))).toEqual(['Deployment/hr /spec: must NOT have additional properties "replicaz"']);
  });
});
