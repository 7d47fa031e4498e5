import { join } from 'node:path';

/** The repository's root, for tests that read its files or run its scripts wherever they live. */
export const ROOT = join(__dirname, '..', '..');

/** Data a test copies or reads as a file, not as a module (`test/fixtures`). */
export const FIXTURES = join(ROOT, 'test', 'fixtures');
