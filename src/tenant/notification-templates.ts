import { z } from 'zod';
import { isWhatsappTemplateLanguage } from './template-languages.js';

/** A Meta template name: lowercase letters, digits and underscores. */
export const whatsappTemplateNameSchema = z
  .string()
  .regex(/^[a-z0-9_]{1,512}$/, 'must be a Meta template name: lowercase letters, digits and underscores');

/** A template language code Meta knows (`pt_BR`, `en`, …; see template-languages.ts). */
export const whatsappTemplateLanguageSchema = z.string().refine(isWhatsappTemplateLanguage, {
  error: (issue) => `unknown WhatsApp template language ${JSON.stringify(issue.input)}: use one of Meta's codes, such as "pt_BR" or "en"`,
});

/** One WhatsApp message template approved by Meta: its name and language code. */
export const whatsappTemplateSchema = z.strictObject({
  name: whatsappTemplateNameSchema,
  language: whatsappTemplateLanguageSchema,
});

/**
 * The tenant file's optional `templates` block. `appointmentChanged` tells a customer outside
 * the 24-hour window that staff cancelled or moved their appointment; its body takes, in
 * order: customer name, service, professional, local day and time (`qua 02/12 às 15:30`,
 * the new time for a reschedule), business name, and what happened ("cancelado" or "remarcado").
 * `reopenConversation` is what an attendant sends from the console to reopen a chat whose
 * 24-hour window closed (free text is refused there); its body takes, in order: customer name
 * and business name. `slotOffer` offers a freed slot to a waitlist entry outside the window; its
 * body takes, in order: customer name, service, professional, local day and time, business name,
 * and it has one quick-reply button (Quero este horário).
 */
export const notificationTemplatesSchema = z.strictObject({
  appointmentChanged: whatsappTemplateSchema.optional(),
  reopenConversation: whatsappTemplateSchema.optional(),
  slotOffer: whatsappTemplateSchema.optional(),
});

export type NotificationTemplates = z.output<typeof notificationTemplatesSchema>;
export type WhatsappTemplate = z.output<typeof whatsappTemplateSchema>;

/** The stored `tenants.templates` value as templates; anything unreadable counts as none. */
export function readNotificationTemplates(stored: unknown): NotificationTemplates {
  const parsed = notificationTemplatesSchema.safeParse(stored ?? {});
  return parsed.success ? parsed.data : {};
}
