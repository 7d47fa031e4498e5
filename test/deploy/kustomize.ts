import { spawnSync, SpawnSyncReturns } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { ROOT } from '@test/support/paths';

/** How the deploy tests render the overlays: `kubectl kustomize`, as `kubectl apply -k` does. */
export const KUBECTL = process.env.KUBECTL ?? 'kubectl';
export const OVERLAYS = ['sandbox', 'production'] as const;
export type Overlay = (typeof OVERLAYS)[number];

/** The files an operator keeps beside an overlay and out of Git (.gitignore), which the overlays turn into Secrets. */
export const LOCAL_SECRET_FILES = ['platform-secrets.env', 'metrics-token.env'] as const;
export type LocalSecretFile = (typeof LOCAL_SECRET_FILES)[number];

export const METRICS_TOKEN = 'metrics-token-of-the-manifest-tests';
export const JWT_PRIVATE_KEY_PEM = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

/** What the tests put in platform-secrets.env: as an operator fills in platform-secrets.env.example (the PEM on one line, line breaks written \n). */
export function platformSecrets(overlay: Overlay): Record<string, string> {
  return {
    DATABASE_URL: `postgres://platform:secret-of-${overlay}@postgres.${overlay}.internal:5432/platform?sslmode=require`,
    REDIS_URL: `redis://:secret-of-${overlay}@redis.${overlay}.internal:6379`,
    INTERNAL_TOKEN: `internal-token-of-${overlay}-0123456789abcdef`,
    SECRET_PEPPER: `secret-pepper-of-${overlay}-0123456789abcdef`,
    WEBHOOK_SECRETS_KEY: `webhook-secrets-key-of-${overlay}-0123456789abcdef`,
    JWT_PRIVATE_KEY: JWT_PRIVATE_KEY_PEM.trimEnd().split('\n').join('\\n'),
    JWT_KEY_ID: `platform-${overlay}-test`,
  };
}

export interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  [field: string]: unknown;
}

export function kubectlAvailable(): void {
  const probe = spawnSync(KUBECTL, ['version', '--client'], { encoding: 'utf8', timeout: 30_000 });
  if (probe.error || probe.status !== 0) {
    throw new Error(
      `kubectl is required to render the kustomize overlays but "${KUBECTL}" could not be run ` +
        `(${probe.error?.message ?? probe.stderr.trim()}). Install kubectl (it bundles kustomize) or set KUBECTL.`,
    );
  }
}

/**
 * A copy of k8s/ without the files an operator keeps out of Git (whatever this checkout has),
 * then with those of `files` the tests write: every overlay's platform-secrets.env, and
 * production's metrics-token.env. Answers the copy's root (remove it when done).
 */
export function k8sCopy(files: readonly LocalSecretFile[] = LOCAL_SECRET_FILES): string {
  const root = mkdtempSync(join(tmpdir(), 'platform-k8s-'));
  cpSync(join(ROOT, 'k8s'), join(root, 'k8s'), { recursive: true, filter: (source) => !(LOCAL_SECRET_FILES as readonly string[]).includes(basename(source)) });
  for (const overlay of OVERLAYS) {
    const dir = join(root, 'k8s', 'overlays', overlay);
    if (files.includes('platform-secrets.env')) {
      writeFileSync(
        join(dir, 'platform-secrets.env'),
        Object.entries(platformSecrets(overlay))
          .map(([key, value]) => `${key}=${value}\n`)
          .join(''),
      );
    }
    if (overlay === 'production' && files.includes('metrics-token.env')) writeFileSync(join(dir, 'metrics-token.env'), `METRICS_TOKEN=${METRICS_TOKEN}\n`);
  }
  return root;
}

export function kustomize(root: string, overlay: string): SpawnSyncReturns<string> {
  return spawnSync(KUBECTL, ['kustomize', join(root, 'k8s', 'overlays', overlay)], { encoding: 'utf8', timeout: 60_000, maxBuffer: 64 * 1024 * 1024 });
}

/** Every object the overlay renders, as the cluster would receive it. */
export function render(root: string, overlay: string): Manifest[] {
  const result = kustomize(root, overlay);
  if (result.error) throw new Error(`kubectl kustomize ${overlay} failed: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`kubectl kustomize ${overlay} exited ${result.status}: ${result.stderr}`);
  const documents = parseAllDocuments(result.stdout);
  if (!Array.isArray(documents)) throw new Error(`kubectl kustomize ${overlay} rendered no documents`);
  return documents.map((document) => {
    if (document.errors.length) throw new Error(`invalid YAML from ${overlay}: ${document.errors[0].message}`);
    return document.toJS() as Manifest;
  });
}
