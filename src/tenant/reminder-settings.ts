import { z } from 'zod';
import { whatsappTemplateLanguageSchema, whatsappTemplateNameSchema } from './notification-templates.js';

/** More reminders than this per appointment would be noise (and Meta counts every one). */
export const MAX_REMINDERS_PER_APPOINTMENT = 5;

/**
 * One entry of the tenant file's optional `reminders` block: a reminder `beforeMinutes`
 * before each booked appointment, sent as the Meta-approved template `template` in
 * `language`. The template's body takes, in order: customer name, service, professional,
 * local day and time (`qua 02/12 às 15:30`), business name; its three quick-reply buttons
 * are Confirmar, Remarcar, Cancelar (docs/reminders.md). The upper bound (the booking
 * horizon), unique offsets and the number of entries are checked across fields
 * (tenant-file-cross-checks.ts).
 */
export const reminderSettingSchema = z.strictObject({
  // A refinement, not `.int()`: zod's integer check stops the file's cross-field checks, which
  // must still name every other problem.
  beforeMinutes: z.number().min(1, 'must be at least 1 minute').refine(Number.isInteger, 'must be a whole number of minutes'),
  template: whatsappTemplateNameSchema,
  language: whatsappTemplateLanguageSchema,
});

/** The block; its length (at most MAX_REMINDERS_PER_APPOINTMENT) is a cross-field check, so that an over-long list still has every entry judged. */
export const reminderSettingsSchema = z.array(reminderSettingSchema);

export type ReminderSetting = z.output<typeof reminderSettingSchema>;

/**
 * The stored `tenants.reminders` value as settings; anything unreadable counts as none (the
 * import validated it, so that only happens to a row edited by hand).
 */
export function readReminderSettings(stored: unknown): ReminderSetting[] {
  const parsed = reminderSettingsSchema.safeParse(stored ?? []);
  return parsed.success ? parsed.data : [];
}
