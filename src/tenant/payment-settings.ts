import { z } from 'zod';
import { keySchema } from './catalogue-schema.js';

const secret = (name: string) =>
  z
    .string()
    .trim()
    .min(1, `must not be empty (leave ${name} out to keep the stored one, null to remove it)`)
    .max(500, 'must be at most 500 characters')
    .nullable()
    .optional();

/**
 * The tenant file's optional `payments` block (CONTRACT.md, "Tenant file"): Mercado Pago's
 * access token and webhook secret (sealed at rest, never exported: absent keeps the stored
 * one, `null` removes it) and the deposit rule. With `deposit`, booking one of its
 * `services` leaves the appointment `pending_payment` for `holdMinutes` while the customer
 * pays `percent` of the price by Pix; a cancellation `refundUntilHours` or more ahead refunds.
 * Whether a token and secret exist (in the file or stored) is checked by the import, which
 * knows what is stored.
 */
export const paymentSettingsSchema = z.strictObject({
  provider: z.literal('mercadopago', { error: 'must be "mercadopago" (the only provider)' }),
  accessToken: secret('accessToken'),
  webhookSecret: secret('webhookSecret'),
  deposit: z
    .strictObject({
      // Refinements, not `.int()`: zod's integer check stops the file's cross-field checks.
      percent: z
        .number()
        .min(1, 'must be at least 1 (percent of the price)')
        .max(100, 'must be at most 100 (percent of the price)')
        .refine(Number.isInteger, 'must be a whole number'),
      services: z.array(keySchema).min(1, 'must list at least one service key'),
      holdMinutes: z
        .number()
        .min(5, 'must be at least 5 minutes')
        .max(24 * 60, `must be at most ${24 * 60} minutes`)
        .refine(Number.isInteger, 'must be a whole number of minutes'),
      refundUntilHours: z
        .number()
        .min(0, 'must not be negative (hours before the start)')
        .max(24 * 30, `must be at most ${24 * 30} hours`)
        .refine(Number.isInteger, 'must be a whole number of hours'),
    })
    .optional(),
});

export type PaymentSettings = z.output<typeof paymentSettingsSchema>;

/** The block as stored in `tenants.payments`: the file's without its secrets (those have their own sealed columns). */
export type StoredPaymentSettings = Omit<PaymentSettings, 'accessToken' | 'webhookSecret'>;

/** The stored form of a validated block. */
export function storedPaymentSettings(settings: PaymentSettings): StoredPaymentSettings {
  const { accessToken: _token, webhookSecret: _secret, ...stored } = settings;
  return stored;
}
