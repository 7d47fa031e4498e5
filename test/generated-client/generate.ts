import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from '@test/support/paths';

export const REGENERATE = 'UPDATE_CLIENT_TYPES=1 npx jest test/flows/generated-client.e2e-spec.ts --runInBand';
const CLI = join(ROOT, 'node_modules', 'openapi-typescript', 'bin', 'cli.js');

/**
 * The TypeScript types openapi-typescript's CLI generates from a service's OpenAPI document at
 * its URL, as an integrator runs it, as they are committed in test/generated-client/<service>.ts
 * (the walk-through is type-checked against them). The CLI, not the library: the library's
 * CommonJS build needs ESM-only packages, which Jest's CommonJS runtime cannot load.
 */
export async function clientTypes(service: string, documentUrl: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'openapi-types-'));
  try {
    const out = join(dir, `${service}.ts`);
    // a property with a default stays optional: a request may leave it out (the server fills it in)
    // run where no redocly.yaml is, so that only the document decides what is generated
    await promisify(execFile)(process.execPath, [CLI, documentUrl, '--output', out, '--default-non-nullable', 'false'], { cwd: dir, timeout: 60_000 });
    const path = new URL(documentUrl).pathname;
    return `// The ${service} service's API as openapi-typescript generates it from GET ${path}: do not edit.\n// Regenerate from the running services' documents: ${REGENERATE}\n\n${await readFile(out, 'utf8')}`;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
