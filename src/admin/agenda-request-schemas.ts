import { z } from 'zod';
import { ATTENDANCE_STATUSES } from '../scheduling/appointments/index.js';
import { normalizePhone } from '../scheduling/customers/index.js';

const MAX_INT4 = 2_147_483_647;
const id = (what: string) =>
  z.coerce
    .number({ error: `expected the ${what} id (a positive integer)` })
    .int()
    .positive()
    .max(MAX_INT4);
const withoutNul = (value: string) => !value.includes('\u0000');
const NUL_MESSAGE = 'must not contain NUL (\\u0000) characters';

/** A local date of the tenant, "YYYY-MM-DD". */
const localDate = z.iso.date({ error: 'expected a date YYYY-MM-DD (a day in the tenant time zone)' });
/** A local wall time of the tenant, "YYYY-MM-DDTHH:mm". */
const localStart = z.iso.datetime({
  local: true,
  precision: -1,
  error: 'Data e hora inválidas: use AAAA-MM-DDTHH:mm (no fuso do estabelecimento).',
});

/** `GET /admin/appointments?date=&professionalId=`, or `?from=&to=` for a range of up to `maxDays` local days; `&compact=true` for the compact form. */
export const agendaQuerySchema = (maxDays: number) =>
  z
    .object({
      date: localDate.optional(),
      from: localDate.optional(),
      to: localDate.optional(),
      professionalId: id('professional').optional(),
      /** the compact form (CompactAgendaListing): names once per listing, null fields left out */
      compact: z.stringbool({ error: 'expected "compact=true" or "compact=false"' }).optional(),
    })
    .superRefine((query, context) => {
      if (query.date !== undefined) {
        if (query.from !== undefined || query.to !== undefined)
          context.addIssue({ code: 'custom', path: ['date'], message: 'Envie "date" ou "from" e "to", não os dois.' });
        return;
      }
      if (query.from === undefined && query.to === undefined) {
        context.addIssue({ code: 'custom', path: ['date'], message: 'Informe "date" (um dia) ou "from" e "to" (um período).' });
        return;
      }
      if (query.from === undefined) context.addIssue({ code: 'custom', path: ['from'], message: 'Informe o início do período em "from".' });
      if (query.to === undefined) context.addIssue({ code: 'custom', path: ['to'], message: 'Informe o fim do período em "to".' });
      if (query.from === undefined || query.to === undefined) return;
      const days = (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000 + 1;
      if (days < 1) context.addIssue({ code: 'custom', path: ['to'], message: '"to" não pode ser antes de "from".' });
      else if (days > maxDays) context.addIssue({ code: 'custom', path: ['to'], message: `O período tem no máximo ${maxDays} dias.` });
    });

/** `GET /admin/availability?date=&professionalId=&serviceId=` (without serviceId: the professional's shortest service, as the bot). */
export const availabilityQuerySchema = z.object({
  date: localDate,
  professionalId: id('professional'),
  serviceId: id('service').optional(),
});

/** A phone number as people write it, validated and normalised (see normalizePhone). */
const phone = z
  .string({ error: 'Informe o telefone do cliente.' })
  .max(40)
  .transform((text, context) => {
    const normalized = normalizePhone(text);
    if (!normalized) {
      context.addIssue({ code: 'custom', message: 'Telefone inválido: use, por exemplo, (11) 98765-4321 ou +55 11 98765-4321.' });
      return z.NEVER;
    }
    return normalized;
  });

/** `POST /admin/appointments`: a booking made by staff (walk-in, phone call). */
export const createAppointmentBodySchema = z
  .object({
    professionalId: id('professional').optional(),
    serviceId: id('service').optional(),
    /** a visit: several services one after the other from `start`, booked all or nothing (instead of professionalId/serviceId) */
    items: z
      .array(z.object({ professionalId: id('professional'), serviceId: id('service') }))
      .min(1)
      .max(4)
      .optional(),
    start: localStart,
    customer: z.object({
      name: z
        .string({ error: 'Informe o nome do cliente.' })
        .trim()
        .min(1, 'Informe o nome do cliente.')
        .max(120)
        .refine(withoutNul, NUL_MESSAGE),
      phone,
    }),
    outsideHours: z.boolean().default(false),
    /** CONTRACT: staff bookings need a deposit only when staff ask for one */
    deposit: z.boolean({ error: 'deposit deve ser true ou false' }).default(false),
  })
  .superRefine(
    (body, context) => {
      if (body.items !== undefined && (body.professionalId !== undefined || body.serviceId !== undefined)) {
        context.addIssue({ code: 'custom', path: ['items'], message: 'give items or professionalId and serviceId, not both' });
      }
      if (body.items === undefined && body.professionalId === undefined) {
        context.addIssue({ code: 'custom', path: ['professionalId'], message: 'professionalId is required without items' });
      }
      if (body.items === undefined && body.serviceId === undefined) {
        context.addIssue({ code: 'custom', path: ['serviceId'], message: 'serviceId is required without items' });
      }
      // Runs even when other fields failed, so one answer names every missing field.
    },
    { when: () => true },
  );

/** `POST /admin/appointments/:id/cancel` */
export const cancelBodySchema = z
  .object({
    notifyCustomer: z.boolean().default(true),
    /** why, in staff's words: kept in the appointment's history */
    reason: z.string().trim().max(200, 'O motivo tem no máximo 200 caracteres.').refine(withoutNul, NUL_MESSAGE).optional(),
  })
  .default({ notifyCustomer: true });

/** `POST /admin/appointments/:id/reschedule` */
export const rescheduleBodySchema = z.object({
  start: localStart,
  /** another professional (who does the service): the move changes professional and time */
  professionalId: id('professional').optional(),
  notifyCustomer: z.boolean().default(true),
  outsideHours: z.boolean().default(false),
});

/** `POST /admin/appointments/:id/attendance` */
export const attendanceBodySchema = z.object({ status: z.enum(ATTENDANCE_STATUSES, { error: 'expected "attended" or "no_show"' }) });

/** `POST /admin/professionals/:id/blocks` */
export const createBlockBodySchema = z.object({
  from: localStart,
  to: localStart,
  reason: z.string().trim().max(200).refine(withoutNul, NUL_MESSAGE).optional(),
});
