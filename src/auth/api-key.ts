import { createHash, randomBytes } from 'node:crypto';

/** sha256 hex of an admin API key: the only form in which keys are stored. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** A new random admin API key (`wa_<prefix>_<secret>`), with what is stored of it. */
export function generateApiKey(): { key: string; prefix: string; keyHash: string } {
  const prefix = randomBytes(4).toString('hex');
  const key = `wa_${prefix}_${randomBytes(24).toString('base64url')}`;
  return { key, prefix, keyHash: hashApiKey(key) };
}
