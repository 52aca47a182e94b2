import { generateApiKey } from '../auth/index.js';
import { ConfigError } from '../config/index.js';
import type { Keyring } from '../credentials/index.js';
import { type Db, inTransaction, Prisma, type Tx } from '../db/index.js';
import { parseTenantFile } from './parse-tenant-file.js';
import { syncQuickReplies } from './quick-replies.js';
import { syncProfessionalSchedule } from './sync-professional-schedule.js';
import { syncServices } from './sync-services.js';
import type { TenantFile } from './tenant-file-schema.js';
import { differs, upsertByKey } from './upsert-by-key.js';

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
}

/**
 * Creates or updates (by slug) a tenant from a tenant file's content, in one transaction.
 * Services and professionals are matched by key; those no longer in the file are
 * deactivated, never deleted (appointments reference them). Hours, offered services and
 * time off become exactly the file's. Rows that already match are left alone, so importing
 * the same file twice changes no row. A new tenant gets an admin API key; an existing one
 * gets a new key only with `newKey` (re-importing mints none). The access token is stored
 * sealed (AES-256-GCM, see credentials/); an unchanged token keeps its stored value.
 * A bad file is refused with every problem named, and nothing is written.
 */
export async function importTenant(db: Db, input: unknown, options: ImportTenantOptions): Promise<ImportTenantOutcome> {
  const parsed = parseTenantFile(input);
  if (!parsed.ok) return { kind: 'refused', problems: parsed.problems };
  const file = parsed.file;
  const token = file.whatsapp.accessToken;
  let sealedToken: string | null = null;
  try {
    if (token) sealedToken = options.keyring.seal(token);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return { kind: 'refused', problems: error.problems.map((problem) => `whatsapp.accessToken: cannot be stored: ${problem}`) };
  }
  const now = options.now ?? new Date();
  return inTransaction(
    db,
    async (tx) => {
      const phoneOwner = await tx.tenant.findUnique({ where: { phoneNumberId: file.whatsapp.phoneNumberId }, select: { slug: true } });
      if (phoneOwner && phoneOwner.slug !== file.slug) {
        return { kind: 'refused', problems: [`whatsapp.phoneNumberId: already used by tenant "${phoneOwner.slug}"`] };
      }
      const { tenantId, created } = await upsertTenant(tx, file, { plain: token ?? null, sealed: sealedToken, keyring: options.keyring });
      const serviceIdByKey = await syncServices(tx, tenantId, file);
      for (const entry of file.professionals) {
        const professionalId = await upsertByKey(tx.professional, tenantId, entry.key, { name: entry.name });
        await syncProfessionalSchedule(tx, { tenantId, professionalId }, entry, serviceIdByKey, file.timezone);
      }
      await tx.professional.updateMany({
        where: { tenantId, active: true, key: { notIn: file.professionals.map((entry) => entry.key) } },
        data: { active: false },
      });
      if (file.quickReplies) await syncQuickReplies(tx, tenantId, file.quickReplies);
      if (!created && !options.newKey) {
        return { kind: 'imported', tenantId, slug: file.slug, created, apiKey: null, apiKeyPrefix: null, apiKeyExpiresAt: null };
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
      };
    },
    IMPORT_TRANSACTION,
  );
}

/** Retention when the tenant file has no `retention` block (CONTRACT: default 180 days). */
const DEFAULT_RETENTION_DAYS = 180;

async function upsertTenant(
  tx: Tx,
  file: TenantFile,
  token: { plain: string | null; sealed: string | null; keyring: Keyring },
): Promise<{ tenantId: number; created: boolean }> {
  const wanted = {
    name: file.name,
    timezone: file.timezone,
    phoneNumberId: file.whatsapp.phoneNumberId,
    accessToken: token.sealed,
    businessInfo: file.assistant.businessInfo,
    address: file.assistant.address ?? '',
    paymentMethods: file.assistant.paymentMethods ?? '',
    ownerReplyPauseMinutes: file.assistant.ownerReplyPauseMinutes ?? 720,
    minNoticeMinutes: file.booking.minNoticeMinutes,
    horizonDays: file.booking.horizonDays,
    slotStepMinutes: file.booking.slotStepMinutes,
    cancelNoticeMinutes: file.booking.cancelNoticeMinutes ?? 0,
    templates: file.templates ?? Prisma.DbNull,
    reminders: file.reminders ?? Prisma.DbNull,
    holidays: file.holidays ?? Prisma.DbNull,
    retentionDays: file.retention?.days ?? DEFAULT_RETENTION_DAYS,
  };
  const existing = await tx.tenant.findUnique({ where: { slug: file.slug } });
  if (!existing) {
    const tenant = await tx.tenant.create({ data: { slug: file.slug, ...wanted }, select: { id: true } });
    return { tenantId: tenant.id, created: true };
  }
  // Sealing is randomised: the same token keeps its stored ciphertext, so a re-import changes nothing.
  if (token.plain !== null && existing.accessToken !== null && opensTo(token.keyring, existing.accessToken, token.plain)) {
    wanted.accessToken = existing.accessToken;
  }
  // Updating only on a real change keeps updated_at meaningful ("when was this tenant last changed").
  if (differs(existing, wanted)) await tx.tenant.update({ where: { id: existing.id }, data: wanted });
  return { tenantId: existing.id, created: false };
}

function opensTo(keyring: Keyring, stored: string, plain: string): boolean {
  try {
    return keyring.open(stored) === plain;
  } catch {
    return false;
  }
}
