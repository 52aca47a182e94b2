import type { Keyring } from '../credentials/index.js';
import { Prisma, type Tx } from '../db/index.js';
import { storedPaymentSettings } from './payment-settings.js';
import { syncQuickReplies } from './quick-replies.js';
import { syncProfessionalSchedule } from './sync-professional-schedule.js';
import { syncServices } from './sync-services.js';
import type { TenantFile } from './tenant-file-schema.js';
import { differs, upsertByKey } from './upsert-by-key.js';

/**
 * What a write does to the stored WhatsApp access token: `keep` it (a file without one, as
 * exported, and every console change), `remove` it (`"accessToken": null`: back to the
 * sandbox), or `set` it (sealed; the same token as stored keeps its ciphertext).
 */
export type AccessTokenChange = { kind: 'keep' } | { kind: 'remove' } | { kind: 'set'; plain: string; sealed: string; keyring: Keyring };

/**
 * What a write does to the stored Mercado Pago secrets of `payments`, each like the WhatsApp
 * token (keep, remove, set sealed). A file without a `payments` block removes both: nothing
 * uses them then.
 */
export interface PaymentSecretChanges {
  accessToken: AccessTokenChange;
  webhookSecret: AccessTokenChange;
}

/** Every console change and every file that names no payment secret: the stored ones stay. */
export const KEEP_PAYMENT_SECRETS: PaymentSecretChanges = { accessToken: { kind: 'keep' }, webhookSecret: { kind: 'keep' } };

/** Retention when the tenant file has no `retention` block (CONTRACT: default 180 days). */
const DEFAULT_RETENTION_DAYS = 180;

/**
 * Makes the tenant of a validated file (by slug) equal to it, inside the caller's transaction:
 * services and professionals by key (those no longer in the file are deactivated, never
 * deleted: appointments reference them), hours, offered services and time off exactly the
 * file's. Rows that already match are left alone, so writing the same file twice changes no
 * row. The one writer behind both the import and the console's settings.
 */
export async function writeTenantFile(
  tx: Tx,
  file: TenantFile,
  token: AccessTokenChange,
  /** the tenant being changed (the console's settings): found by its id, never by the file's slug */
  tenantId?: number,
  paymentSecrets: PaymentSecretChanges = KEEP_PAYMENT_SECRETS,
): Promise<{ tenantId: number; created: boolean }> {
  return writeTenantRows(tx, file, await upsertTenant(tx, file, { token, paymentSecrets }, tenantId));
}

async function writeTenantRows(
  tx: Tx,
  file: TenantFile,
  { tenantId, created }: { tenantId: number; created: boolean },
): Promise<{ tenantId: number; created: boolean }> {
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
  return { tenantId, created };
}

async function upsertTenant(
  tx: Tx,
  file: TenantFile,
  { token, paymentSecrets }: { token: AccessTokenChange; paymentSecrets: PaymentSecretChanges },
  tenantId: number | undefined,
): Promise<{ tenantId: number; created: boolean }> {
  const wanted = {
    name: file.name,
    timezone: file.timezone,
    phoneNumberId: file.whatsapp.phoneNumberId,
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
    payments: file.payments ? storedPaymentSettings(file.payments) : Prisma.DbNull,
  };
  const existing = await tx.tenant.findUnique({ where: tenantId === undefined ? { slug: file.slug } : { id: tenantId } });
  const secrets = {
    accessToken: accessTokenToStore(existing?.accessToken ?? null, token),
    paymentAccessToken: file.payments ? accessTokenToStore(existing?.paymentAccessToken ?? null, paymentSecrets.accessToken) : null,
    paymentWebhookSecret: file.payments ? accessTokenToStore(existing?.paymentWebhookSecret ?? null, paymentSecrets.webhookSecret) : null,
  };
  if (!existing) {
    if (tenantId !== undefined) throw new Error(`tenant ${tenantId} vanished while its settings were saved`);
    const tenant = await tx.tenant.create({ data: { slug: file.slug, ...wanted, ...secrets }, select: { id: true } });
    return { tenantId: tenant.id, created: true };
  }
  // Updating only on a real change keeps updated_at meaningful ("when was this tenant last changed").
  if (differs(existing, { ...wanted, ...secrets })) {
    await tx.tenant.update({ where: { id: existing.id }, data: { ...wanted, ...secrets } });
  }
  return { tenantId: existing.id, created: false };
}

function accessTokenToStore(stored: string | null, token: AccessTokenChange): string | null {
  switch (token.kind) {
    case 'keep':
      return stored;
    case 'remove':
      return null;
    case 'set':
      // Sealing is randomised: the same token keeps its stored ciphertext, so a re-import changes nothing.
      return stored !== null && opensTo(token.keyring, stored, token.plain) ? stored : token.sealed;
  }
}

function opensTo(keyring: Keyring, stored: string, plain: string): boolean {
  try {
    return keyring.open(stored) === plain;
  } catch {
    return false;
  }
}
