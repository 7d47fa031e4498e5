import { createReadStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { PRIVATE_DIRECTORY_MODE } from '@platform/pipeline';
import { FileStorage } from './file-storage';

/** Files under `<DATA_DIR>/files/objects`; staged beside them, so putting one is an atomic rename. */
export class LocalFileStorage extends FileStorage {
  readonly name = 'local' as const;

  constructor(private readonly root: string) {
    super();
  }

  async put(key: string, stagedPath: string): Promise<void> {
    const target = this.path(key);
    await mkdir(dirname(target), { recursive: true, mode: PRIVATE_DIRECTORY_MODE });
    await rename(stagedPath, target);
  }

  read(key: string, range?: { start: number; end: number }): Promise<Readable> {
    return new Promise((resolve, reject) => {
      const stream = createReadStream(this.path(key), range ? { start: range.start, end: range.end } : {});
      stream.once('open', () => resolve(stream));
      stream.once('error', reject);
    });
  }

  async remove(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }

  private path(key: string): string {
    return join(this.root, key);
  }
}
