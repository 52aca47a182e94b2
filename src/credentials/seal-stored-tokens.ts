import { ConfigError } from '../config/index.js';
import type { Db } from '../db/index.js';
import type { Keyring } from './keyring.js';

export interface SealStoredTokensOutcome {
  /** stored secrets: tenants' WhatsApp access tokens and Mercado Pago token and webhook secret */
  tokens: number;
  /** plain tokens (written before encryption) now sealed */
  sealed: number;
  /** tokens of an older key now sealed with the current one (only with `rotate`) */
  resealed: number;
}

/** The tenant columns that hold a sealed secret, with the name the messages give each. */
const SECRET_COLUMNS = [
  { column: 'accessToken', name: 'WhatsApp access token' },
  { column: 'paymentAccessToken', name: 'Mercado Pago access token' },
  { column: 'paymentWebhookSecret', name: 'Mercado Pago webhook secret' },
] as const;
type SecretColumn = (typeof SECRET_COLUMNS)[number]['column'];

interface StoredSecret {
  id: number;
  slug: string;
  column: SecretColumn;
  name: string;
  stored: string;
}

/**
 * Makes every stored secret (WhatsApp access tokens, Mercado Pago tokens and webhook secrets)
 * readable with `keyring` and sealed: plain values (rows from before encryption) are sealed
 * with the current key, losing nothing; with `rotate`, values of older keys are re-sealed with
 * the current key too (the rotation command). Each value is replaced only if it still holds the
 * value read (compare-and-set), so two processes doing this at once are harmless. Throws
 * ConfigError naming CREDENTIALS_KEY when a secret exists and there is no key, or a secret was
 * sealed by a key the keyring does not list.
 */
export async function sealStoredTokens(db: Db, keyring: Keyring, options: { rotate: boolean }): Promise<SealStoredTokensOutcome> {
  const rows = await db.tenant.findMany({
    where: { OR: SECRET_COLUMNS.map(({ column }) => ({ [column]: { not: null } })) },
    select: { id: true, slug: true, accessToken: true, paymentAccessToken: true, paymentWebhookSecret: true },
  });
  const secrets: StoredSecret[] = rows.flatMap((row) =>
    SECRET_COLUMNS.flatMap(({ column, name }) => {
      const stored = row[column];
      return stored === null ? [] : [{ id: row.id, slug: row.slug, column, name, stored }];
    }),
  );
  const outcome: SealStoredTokensOutcome = { tokens: secrets.length, sealed: 0, resealed: 0 };
  if (secrets.length === 0) return outcome;
  if (keyring.currentKeyId === null) {
    const slugs = [...new Set(secrets.map((secret) => secret.slug))];
    throw new ConfigError([
      `CREDENTIALS_KEY: required: ${slugs.length} tenant(s) (${slugs
        .slice(0, 5)
        .map((slug) => `"${slug}"`)
        .join(', ')}) have a WhatsApp access token or Mercado Pago secret and NODE_ENV is not development or test`,
    ]);
  }
  const unreadable = secrets.filter((secret) => {
    try {
      keyring.open(secret.stored);
      return false;
    } catch {
      return true;
    }
  });
  if (unreadable.length > 0) {
    throw new ConfigError(
      unreadable.map(
        (secret) =>
          `CREDENTIALS_KEY: tenant "${secret.slug}"'s ${secret.name === 'WhatsApp access token' ? 'access token' : secret.name} is sealed with key id "${keyring.keyIdOf(secret.stored)}", which it does not list (or that key does not open it)`,
      ),
    );
  }
  for (const secret of secrets) {
    const keyId = keyring.keyIdOf(secret.stored);
    if (keyId !== null && (keyId === keyring.currentKeyId || !options.rotate)) continue;
    const replaced = await db.tenant.updateMany({
      where: { id: secret.id, [secret.column]: secret.stored },
      data: { [secret.column]: keyring.seal(keyring.open(secret.stored)) },
    });
    if (replaced.count === 0) continue;
    if (keyId === null) outcome.sealed++;
    else outcome.resealed++;
  }
  return outcome;
}
