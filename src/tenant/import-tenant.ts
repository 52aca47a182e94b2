import { generateApiKey } from '../auth/index.js';
import { ConfigError } from '../config/index.js';
import type { Keyring } from '../credentials/index.js';
import { type Db, inTransaction } from '../db/index.js';
import { describeTenantFileChanges, type TenantFileChange } from './describe-tenant-file-changes.js';
import { exportTenantFile } from './export-tenant-file.js';
import { lockTenantSettings } from './lock-tenant-settings.js';
import { parseTenantFile } from './parse-tenant-file.js';
import type { PaymentSettings } from './payment-settings.js';
import { recordSettingsChange, type SettingsActor } from './record-settings-change.js';
import { type AccessTokenChange, KEEP_PAYMENT_SECRETS, type PaymentSecretChanges, writeTenantFile } from './write-tenant-file.js';

/**
 * An import writes a whole salon (every service, professional, hour and time off) in one
 * transaction: Prisma's 5 s default rolls a large file back on a busy database.
 */
const IMPORT_TRANSACTION = { timeout: 60_000 } as const;

export type ImportTenantOutcome =
  | {
      kind: 'imported';
      tenantId: number;
      slug: string;
      /** false when a tenant with this slug existed and was updated */
      created: boolean;
      /** the new admin API key in clear: shown once, only its hash is stored; null when none was minted */
      apiKey: string | null;
      apiKeyPrefix: string | null;
      /** when the new key stops working; null = never */
      apiKeyExpiresAt: Date | null;
      /** what the import changed, entry by entry (everything is `added` for a new tenant; empty when nothing changed) */
      changes: TenantFileChange[];
    }
  | { kind: 'refused'; problems: string[] };

export interface ImportTenantOptions {
  /** seals the file's WhatsApp access token at rest (without a key, a file with a token is refused) */
  keyring: Keyring;
  /** mint a new admin API key for a tenant that already exists (`--new-key`); a new tenant always gets one */
  newKey?: boolean;
  /** lifetime of the key minted now (`--expires-in-days`); unset = never expires */
  keyExpiresInDays?: number;
  now?: Date;
  /** who imports: the import is recorded in `settings_changes` like a console change (the CLI passes `{kind: 'cli'}`); unset, not recorded */
  actor?: SettingsActor;
}

/**
 * Creates or updates (by slug) a tenant from a tenant file's content, in one transaction.
 * Services and professionals are matched by key; those no longer in the file are
 * deactivated, never deleted (appointments reference them). Hours, offered services and
 * time off become exactly the file's. Rows that already match are left alone, so importing
 * the same file twice changes no row. A new tenant gets an admin API key; an existing one
 * gets a new key only with `newKey` (re-importing mints none). The access token is stored
 * sealed (AES-256-GCM, see credentials/); an unchanged token keeps its stored value, a file
 * without one keeps the stored token (an exported file has none) and `null` removes it.
 * A bad file is refused with every problem named, and nothing is written. With an `actor` the
 * import is recorded in `settings_changes` (`file_imported`, what changed, never the token itself).
 */
export async function importTenant(db: Db, input: unknown, options: ImportTenantOptions): Promise<ImportTenantOutcome> {
  const parsed = parseTenantFile(input);
  if (!parsed.ok) return { kind: 'refused', problems: parsed.problems };
  const file = parsed.file;
  const token = file.whatsapp.accessToken;
  let tokenChange: AccessTokenChange = token === null ? { kind: 'remove' } : { kind: 'keep' };
  try {
    if (token) tokenChange = { kind: 'set', plain: token, sealed: options.keyring.seal(token), keyring: options.keyring };
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return { kind: 'refused', problems: error.problems.map((problem) => `whatsapp.accessToken: cannot be stored: ${problem}`) };
  }
  let paymentSecrets: PaymentSecretChanges = KEEP_PAYMENT_SECRETS;
  try {
    if (file.payments) paymentSecrets = paymentSecretChanges(file.payments, options.keyring);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return { kind: 'refused', problems: error.problems.map((problem) => `payments: cannot store the Mercado Pago secrets: ${problem}`) };
  }
  const now = options.now ?? new Date();
  return inTransaction(
    db,
    async (tx) => {
      const phoneOwner = await tx.tenant.findUnique({ where: { phoneNumberId: file.whatsapp.phoneNumberId }, select: { slug: true } });
      if (phoneOwner && phoneOwner.slug !== file.slug) {
        return { kind: 'refused', problems: [`whatsapp.phoneNumberId: already used by tenant "${phoneOwner.slug}"`] };
      }
      const existing = await tx.tenant.findUnique({
        where: { slug: file.slug },
        select: { id: true, paymentAccessToken: true, paymentWebhookSecret: true },
      });
      if (existing) await lockTenantSettings(tx, existing.id);
      const missing = file.payments ? missingPaymentSecrets(paymentSecrets, existing) : [];
      if (missing.length > 0) return { kind: 'refused', problems: missing };
      const before = existing ? await exportTenantFile(tx, existing.id) : null;
      const { tenantId, created } = await writeTenantFile(tx, file, tokenChange, undefined, paymentSecrets);
      // Both sides are exports, so only real differences show (never the file's order or its defaults).
      const changes = describeTenantFileChanges(before, (await exportTenantFile(tx, tenantId))!);
      if (options.actor) {
        await recordSettingsChange(tx, tenantId, options.actor, {
          change: 'file_imported',
          targetKey: null,
          details: {
            created,
            changes,
            accessToken: tokenChange.kind === 'set' ? 'set' : tokenChange.kind === 'remove' ? 'removed' : 'kept',
          },
        });
      }
      if (!created && !options.newKey) {
        return { kind: 'imported', tenantId, slug: file.slug, created, apiKey: null, apiKeyPrefix: null, apiKeyExpiresAt: null, changes };
      }
      const apiKey = generateApiKey();
      const expiresAt = options.keyExpiresInDays === undefined ? null : new Date(now.getTime() + options.keyExpiresInDays * 86_400_000);
      await tx.apiKey.create({ data: { tenantId, label: 'import', prefix: apiKey.prefix, keyHash: apiKey.keyHash, expiresAt } });
      return {
        kind: 'imported',
        tenantId,
        slug: file.slug,
        created,
        apiKey: apiKey.key,
        apiKeyPrefix: apiKey.prefix,
        apiKeyExpiresAt: expiresAt,
        changes,
      };
    },
    IMPORT_TRANSACTION,
  );
}

/** The file's Mercado Pago secrets as changes: given (sealed), `null` (removed) or absent (kept). */
function paymentSecretChanges(payments: PaymentSettings, keyring: Keyring): PaymentSecretChanges {
  const change = (plain: string | null | undefined): AccessTokenChange => {
    if (plain === null) return { kind: 'remove' };
    if (plain === undefined) return { kind: 'keep' };
    return { kind: 'set', plain, sealed: keyring.seal(plain), keyring };
  };
  return { accessToken: change(payments.accessToken), webhookSecret: change(payments.webhookSecret) };
}

/** A `payments` block needs both secrets once written: in the file, or stored from an earlier import. */
function missingPaymentSecrets(
  changes: PaymentSecretChanges,
  stored: { paymentAccessToken: string | null; paymentWebhookSecret: string | null } | null,
): string[] {
  const problems: string[] = [];
  const ends = (change: AccessTokenChange, current: string | null | undefined) =>
    change.kind === 'set' || (change.kind === 'keep' && current != null);
  if (!ends(changes.accessToken, stored?.paymentAccessToken)) {
    problems.push('payments.accessToken: is required: no Mercado Pago access token is stored for this tenant');
  }
  if (!ends(changes.webhookSecret, stored?.paymentWebhookSecret)) {
    problems.push('payments.webhookSecret: is required: no Mercado Pago webhook secret is stored for this tenant');
  }
  return problems;
}
