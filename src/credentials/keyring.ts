import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { ConfigError, type CredentialsKeyEntry } from '../config/index.js';
import { AppError } from '../shared/index.js';

const PREFIX = 'enc:v1:';
const SEALED = /^enc:v1:([A-Za-z0-9_-]{1,16}):([A-Za-z0-9_-]{16}):([A-Za-z0-9_-]{22}):([A-Za-z0-9_-]*)$/;
// Binds a ciphertext to its use: a sealed access token cannot be replayed as another kind of secret.
const AAD = Buffer.from('wa-agenda:tenant-access-token:v1');

/** The key id of the development key, derived from a published phrase: good for nothing but dev/test. */
export const DEV_KEY_ID = 'dev';
const DEV_KEY = createHash('sha256').update('wa-agenda development credentials key (never for production)').digest();

/**
 * Seals and opens tenants' WhatsApp access tokens with AES-256-GCM. A sealed value is
 * `enc:v1:<key id>:<iv>:<tag>:<ciphertext>` (base64url), so a stored token names the key that
 * sealed it and keys can be rotated: new values use the first key, every listed key opens.
 */
export interface Keyring {
  /** the id new tokens are sealed with; null when there is no key (then `seal` throws) */
  readonly currentKeyId: string | null;
  /** Throws ConfigError naming CREDENTIALS_KEY when there is no key to seal with. */
  seal(plain: string): string;
  /**
   * The plain token. A value that is not sealed (a row written before encryption) is returned
   * as it is; the start seals those. Throws AppError `credentials_unreadable` for a value
   * sealed by a key not listed, or tampered with (never quoting the value).
   */
  open(stored: string): string;
  /** The key id that sealed `stored`, or null for a plain (not yet sealed) value. */
  keyIdOf(stored: string): string | null;
}

/**
 * The keyring of `CREDENTIALS_KEY` entries (newest first). With `allowDevKey` (NODE_ENV
 * development/test) a derived development key is used when no key is configured, and still
 * opens what it sealed after a real key is set; otherwise there is no silent fallback.
 */
export function createKeyring(entries: readonly CredentialsKeyEntry[] | undefined, options: { allowDevKey: boolean }): Keyring {
  const keys = new Map<string, Buffer>((entries ?? []).map((entry) => [entry.id, entry.key]));
  if (options.allowDevKey && !keys.has(DEV_KEY_ID)) keys.set(DEV_KEY_ID, DEV_KEY);
  const currentKeyId = entries?.[0]?.id ?? (options.allowDevKey ? DEV_KEY_ID : null);

  return {
    currentKeyId,
    seal(plain) {
      const key = currentKeyId === null ? undefined : keys.get(currentKeyId);
      if (currentKeyId === null || !key) {
        throw new ConfigError([
          'CREDENTIALS_KEY: required to store a WhatsApp access token outside NODE_ENV=development/test (id:base64key, e.g. k1:$(openssl rand -base64 32))',
        ]);
      }
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(AAD);
      const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `${PREFIX}${currentKeyId}:${iv.toString('base64url')}:${cipher.getAuthTag().toString('base64url')}:${ciphertext.toString('base64url')}`;
    },
    open(stored) {
      if (!stored.startsWith(PREFIX)) return stored;
      const match = SEALED.exec(stored);
      const key = match ? keys.get(match[1]!) : undefined;
      if (!match || !key) {
        throw new AppError(
          'credentials_unreadable',
          `an access token is sealed with key id "${match?.[1] ?? '?'}", which CREDENTIALS_KEY does not list`,
        );
      }
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(match[2]!, 'base64url'));
        decipher.setAAD(AAD);
        decipher.setAuthTag(Buffer.from(match[3]!, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(match[4]!, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        throw new AppError('credentials_unreadable', `an access token sealed with key id "${match[1]}" does not open with that key`);
      }
    },
    keyIdOf(stored) {
      return stored.startsWith(PREFIX) ? (SEALED.exec(stored)?.[1] ?? '?') : null;
    },
  };
}

/** A keyring with no key: opens only plain values (tests and tools that never see sealed tokens). */
export const plainOnlyKeyring: Keyring = createKeyring(undefined, { allowDevKey: false });
