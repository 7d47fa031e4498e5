import type { Readable } from 'node:stream';

export interface StoredObjectInfo {
  size: number;
  contentType: string;
  sha256: string;
}

/** Where file bytes live: local disk under DATA_DIR, or an S3-compatible store (FILES_STORAGE). */
export abstract class FileStorage {
  abstract readonly name: 'local' | 's3';

  /** Moves a complete, verified staging file into the store; the object exists only once this resolves. */
  abstract put(key: string, stagedPath: string, info: StoredObjectInfo): Promise<void>;

  /** The bytes start..end (inclusive), or all of them. */
  abstract read(key: string, range?: { start: number; end: number }): Promise<Readable>;

  /** Removes the object; a missing one is not an error. */
  abstract remove(key: string): Promise<void>;
}
