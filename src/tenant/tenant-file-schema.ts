import { z } from 'zod';
import { CLOCK_TIME_PATTERN, isKnownTimeZone, LOCAL_DATE_TIME_PATTERN, parseLocalDateTime } from '../shared/index.js';
import { holidaysSchema, keySchema, professionalServiceSchema, resourceSchema, serviceSchema } from './catalogue-schema.js';
import { notificationTemplatesSchema } from './notification-templates.js';
import { paymentSettingsSchema } from './payment-settings.js';
import { quickReplySchema } from './quick-replies.js';
import { reminderSettingsSchema } from './reminder-settings.js';
import { addCrossFieldIssues } from './tenant-file-cross-checks.js';
import { WEEKDAY_KEYS, type WeekdayKey } from './weekday-keys.js';

const kebab = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lowercase kebab-case (a-z, 0-9 and single hyphens)');
const key = keySchema;
const label = z.string().trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters');
const minutes = (min: number, max: number) => z.number().int('must be a whole number').min(min).max(max);
const clockTime = z.string().regex(CLOCK_TIME_PATTERN, 'must be a time "HH:mm" between 00:00 and 24:00');
const localDateTime = z
  .string()
  .regex(LOCAL_DATE_TIME_PATTERN, 'must be a local date-time "YYYY-MM-DDTHH:mm"')
  .refine((text) => parseLocalDateTime(text) !== null, 'is not a real calendar date');

const weeklyHours = z.strictObject(
  Object.fromEntries(WEEKDAY_KEYS.map((day) => [day, z.array(z.tuple([clockTime, clockTime])).optional()])) as Record<
    WeekdayKey,
    z.ZodOptional<z.ZodArray<z.ZodTuple<[typeof clockTime, typeof clockTime], null>>>
  >,
);

/**
 * The tenant file of `npm run tenant -- import` (see CONTRACT.md, "Tenant file"). Unknown
 * keys are refused so a misspelt field is never silently ignored. Cross-field rules (unique
 * keys, known service keys, ordered non-overlapping intervals, time off from < to) are
 * checked even when other parts of the file are wrong, so one run names every problem.
 */
export const tenantFileSchema = z
  .strictObject({
    slug: kebab.max(63, 'must be at most 63 characters'),
    name: label,
    timezone: z.string().refine(isKnownTimeZone, 'is not a known IANA time zone (e.g. "America/Sao_Paulo")'),
    whatsapp: z.strictObject({
      phoneNumberId: z.string().regex(/^\d{5,20}$/, 'must be the numeric phone number id from Meta (digits only)'),
      /**
       * The Graph API token. Absent: a new tenant uses the sandbox transport (outbound messages are
       * stored and not sent), an existing one keeps its stored token; null: back to the sandbox.
       */
      accessToken: z.string().trim().min(1, 'must not be empty (use null for the sandbox)').nullable().optional(),
    }),
    assistant: z.strictObject({
      businessInfo: z.string().max(4000, 'must be at most 4000 characters'),
      /** Where the customer goes ("Rua X, 10, Bairro"): the answer to "onde fica?" and the receipts' address line. */
      address: label.max(300, 'must be at most 300 characters').optional(),
      /** How the customer can pay ("Pix, cartão de débito e crédito"): the answer to "aceita pix?". */
      paymentMethods: label.max(300, 'must be at most 300 characters').optional(),
      /**
       * After the owner writes to a customer from the WhatsApp Business app, the bot stays silent
       * in that conversation until a person resolves it or this many minutes pass without the
       * owner writing again. Default 720 (12 hours).
       */
      ownerReplyPauseMinutes: minutes(1, 60 * 24 * 30).optional(),
    }),
    booking: z.strictObject({
      minNoticeMinutes: minutes(0, 60 * 24 * 30),
      horizonDays: minutes(1, 366),
      slotStepMinutes: minutes(5, 240),
      cancelNoticeMinutes: minutes(0, 60 * 24 * 30).optional(),
    }),
    /** How long message bodies and the model's history are kept (days, default 180); appointments and stats stay. */
    retention: z.strictObject({ days: z.number().int('must be a whole number').min(1).max(3650) }).optional(),
    services: z.array(serviceSchema).min(1, 'must list at least one service'),
    /** Rooms, basins, chairs that only `count` people use at once; services name the ones they need. */
    resources: z.array(resourceSchema).optional(),
    /** Public holidays as closed days (date-holidays), with exceptions. */
    holidays: holidaysSchema.optional(),
    professionals: z
      .array(
        z.strictObject({
          key,
          name: label,
          services: z.array(professionalServiceSchema).min(1, 'must list at least one service key'),
          hours: weeklyHours,
          timeOff: z.array(z.strictObject({ from: localDateTime, to: localDateTime })).optional(),
        }),
      )
      .min(1, 'must list at least one professional'),
    templates: notificationTemplatesSchema.optional(),
    /** Canned answers staff pick with "/" in the console's reply box; the console may add more. */
    quickReplies: z.array(quickReplySchema).max(200, 'at most 200 quick replies').optional(),
    /** Template reminders before each booked appointment (docs/reminders.md); absent or empty: none are sent. */
    reminders: reminderSettingsSchema.optional(),
    /** Deposits by Pix through Mercado Pago (docs/deposits.md); absent: no booking needs a deposit. */
    payments: paymentSettingsSchema.optional(),
  })
  .superRefine((file, context) => addCrossFieldIssues(file, context), { when: () => true });

export type TenantFile = z.output<typeof tenantFileSchema>;
