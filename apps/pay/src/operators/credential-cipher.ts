import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Operator credentials at rest: AES-256-GCM under a key of the key setting, bound to the row it
 * belongs to (the additional data is the organization and the account id, so a sealed value
 * copied to another account does not open). A sealed value names its key, so that keys can be
 * rotated: the setting lists the current key first and older ones after it, and
 * `operator-accounts:reseal` seals every account again under the current one.
 *
 *   sealed = "v1.<key id>.<iv base64url>.<tag base64url>.<ciphertext base64url>"
 */

const VERSION = 'v1';
const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;

export interface CipherKey {
  id: string;
  key: Buffer;
}

/**
 * The key setting: `id:base64key` entries separated by commas, the current key first; each key
 * 32 bytes (`openssl rand -base64 32`). Throws a message naming what is wrong.
 */
export function parseCipherKeys(setting: string): CipherKey[] {
  const keys = setting
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const colon = entry.indexOf(':');
      const id = colon > 0 ? entry.slice(0, colon) : '';
      if (!KEY_ID.test(id)) throw new Error('each key is written id:base64, with an id of letters, digits, - or _');
      const key = Buffer.from(entry.slice(colon + 1), 'base64');
      if (key.length !== 32) throw new Error(`key ${id} must be 32 bytes in base64 (openssl rand -base64 32)`);
      return { id, key };
    });
  if (!keys.length) throw new Error('at least one key is needed');
  if (new Set(keys.map((k) => k.id)).size !== keys.length) throw new Error('key ids must differ');
  return keys;
}

export class CredentialCipher {
  private readonly byId: Map<string, Buffer>;

  constructor(private readonly keys: CipherKey[]) {
    if (!keys.length) throw new Error('CredentialCipher needs a key');
    this.byId = new Map(keys.map((k) => [k.id, k.key]));
  }

  get currentKeyId(): string {
    return this.keys[0].id;
  }

  seal(plaintext: string, boundTo: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.keys[0].key, iv);
    cipher.setAAD(Buffer.from(boundTo, 'utf8'));
    const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [VERSION, this.currentKeyId, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
  }

  /** The plaintext; throws when the value was not sealed for `boundTo` under a key of the setting. */
  open(sealed: string, boundTo: string): string {
    const [version, keyId, iv, tag, data] = sealed.split('.');
    if (version !== VERSION || data === undefined) throw new Error('not a sealed credential');
    const key = this.byId.get(keyId);
    if (!key) throw new Error(`sealed under key ${keyId}, which the key setting no longer lists`);
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(boundTo, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  }

  /** Whether a sealed value is under an older key than the current one. */
  isStale(sealed: string): boolean {
    return sealed.split('.')[1] !== this.currentKeyId;
  }
}

/** What a response shows of a secret: its last four characters at most, never more than a quarter of it. */
export function maskSecret(secret: string): string {
  const shown = Math.min(4, Math.floor(secret.length / 4));
  return `••••${shown ? secret.slice(-shown) : ''}`;
}
