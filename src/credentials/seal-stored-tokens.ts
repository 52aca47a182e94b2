import { ConfigError } from '../config/index.js';
import type { Db } from '../db/index.js';
import type { Keyring } from './keyring.js';

export interface SealStoredTokensOutcome {
  /** tenants with an access token */
  tokens: number;
  /** plain tokens (written before encryption) now sealed */
  sealed: number;
  /** tokens of an older key now sealed with the current one (only with `rotate`) */
  resealed: number;
}

/**
 * Makes every stored access token readable with `keyring` and sealed: plain tokens (rows
 * from before encryption) are sealed with the current key, losing nothing; with `rotate`,
 * tokens of older keys are re-sealed with the current key too (the rotation command). Each
 * row is replaced only if it still holds the value read (compare-and-set), so two processes
 * doing this at once are harmless. Throws ConfigError naming CREDENTIALS_KEY when a token
 * exists and there is no key, or a token was sealed by a key the keyring does not list.
 */
export async function sealStoredTokens(db: Db, keyring: Keyring, options: { rotate: boolean }): Promise<SealStoredTokensOutcome> {
  const rows = await db.tenant.findMany({ where: { accessToken: { not: null } }, select: { id: true, slug: true, accessToken: true } });
  const outcome: SealStoredTokensOutcome = { tokens: rows.length, sealed: 0, resealed: 0 };
  if (rows.length === 0) return outcome;
  if (keyring.currentKeyId === null) {
    throw new ConfigError([
      `CREDENTIALS_KEY: required: ${rows.length} tenant(s) (${rows
        .slice(0, 5)
        .map((row) => `"${row.slug}"`)
        .join(', ')}) have a WhatsApp access token and NODE_ENV is not development or test`,
    ]);
  }
  const unreadable = rows.filter((row) => {
    try {
      keyring.open(row.accessToken!);
      return false;
    } catch {
      return true;
    }
  });
  if (unreadable.length > 0) {
    throw new ConfigError(
      unreadable.map(
        (row) =>
          `CREDENTIALS_KEY: tenant "${row.slug}"'s access token is sealed with key id "${keyring.keyIdOf(row.accessToken!)}", which it does not list (or that key does not open it)`,
      ),
    );
  }
  for (const row of rows) {
    const stored = row.accessToken!;
    const keyId = keyring.keyIdOf(stored);
    if (keyId !== null && (keyId === keyring.currentKeyId || !options.rotate)) continue;
    const replaced = await db.tenant.updateMany({
      where: { id: row.id, accessToken: stored },
      data: { accessToken: keyring.seal(keyring.open(stored)) },
    });
    if (replaced.count === 0) continue;
    if (keyId === null) outcome.sealed++;
    else outcome.resealed++;
  }
  return outcome;
}
