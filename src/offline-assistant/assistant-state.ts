import { z } from 'zod';
import { isHandoffReason } from '../handoff/index.js';
import type { OutboundReply } from '../shared/index.js';
import { wishSchema } from './wish.js';

/** A menu flow left untouched this long is stale: the next message starts over at the main menu. */
const ASSISTANT_STATE_TTL_MS = 30 * 60 * 1000;

const localDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const localDateTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
const id = z.number().int().positive();

/** A service booked right after the one before it in the same visit. */
const visitItemSchema = z.object({ serviceId: id, professionalId: id.nullable() });

/** What is being scheduled: a new booking, or a new time for an existing appointment. */
const draftSchema = z.object({
  mode: z.enum(['book', 'reschedule']),
  appointmentId: id.optional(),
  serviceId: id,
  /** null = "Qualquer um": the first professional with free time */
  professionalId: id.nullable(),
  /** A visit: the services that follow `serviceId` back to back, on the same day (bookings only). */
  more: z.array(visitItemSchema).max(2).optional(),
});
export type Draft = z.output<typeof draftSchema>;

const replySchema = z.custom<OutboundReply>((value) => typeof value === 'object' && value !== null && 'type' in value);

const stepSchema = z.discriminatedUnion('step', [
  z.object({ step: z.literal('idle') }),
  z.object({ step: z.literal('main_menu') }),
  z.object({ step: z.literal('choose_service'), wish: wishSchema.optional() }),
  z.object({ step: z.literal('choose_professional'), serviceId: id, wish: wishSchema.optional() }),
  z.object({ step: z.literal('choose_day'), draft: draftSchema, wish: wishSchema.optional() }),
  z.object({ step: z.literal('choose_time'), draft: draftSchema, date: localDate }),
  z.object({
    step: z.literal('confirm_booking'),
    draft: draftSchema.extend({ professionalId: id }),
    start: localDateTime,
    /** A visit's later services as shown on the confirmation: each with its professional and start. */
    visit: z
      .array(z.object({ serviceId: id, professionalId: id, start: localDateTime }))
      .max(2)
      .optional(),
  }),
  z.object({
    step: z.literal('choose_appointment'),
    appointmentIds: z.array(id),
    /** Set when the customer's sentence already said what to do with the one they pick. */
    intent: z.enum(['cancel', 'reschedule']).optional(),
    wish: wishSchema.optional(),
  }),
  z.object({ step: z.literal('appointment_action'), appointmentId: id }),
  z.object({ step: z.literal('confirm_cancel'), appointmentId: id }),
  /** "me avisa se vagar sexta à tarde" without a service: the service is asked, the rest kept */
  z.object({
    step: z.literal('waitlist_service'),
    date: localDate,
    period: z.enum(['manha', 'tarde', 'noite']).optional(),
    professionalId: id.optional(),
  }),
]);

/** One step of the menu flow; `idle` means no flow is running. */
export type Step = z.output<typeof stepSchema>;

const assistantStateSchema = z.object({
  version: z.literal(1),
  /** ISO time of the last change: older than the TTL means stale. */
  at: z.iso.datetime(),
  /** Consecutive messages not understood at the current step. */
  misses: z.number().int().min(0),
  current: stepSchema,
  /** The options of the last screen, so a typed "2" means what the customer saw as 2. */
  offered: z.array(z.object({ id: z.string(), title: z.string() })).max(10),
  /** The last turn answered, replayed when the same messages are answered again (a retried job). */
  lastTurn: z.object({ messageId: id, replies: z.array(replySchema), handoff: z.string().refine(isHandoffReason).nullable() }).optional(),
});
export type AssistantState = z.output<typeof assistantStateSchema>;

/**
 * Reads `conversations.assistant_state`. Anything that does not validate (an older shape,
 * hand-edited JSON) or is older than the TTL is treated as no state: the customer starts
 * again at the main menu rather than at a step the code no longer understands.
 */
export function loadAssistantState(raw: unknown, now: Date): AssistantState | null {
  if (raw === null || raw === undefined) return null;
  const parsed = assistantStateSchema.safeParse(raw);
  if (!parsed.success) return null;
  if (now.getTime() - Date.parse(parsed.data.at) > ASSISTANT_STATE_TTL_MS) return null;
  return parsed.data;
}

/**
 * True while a menu flow is under way (a fresh state at a step other than idle). The
 * responder chooser keeps such a conversation with the offline assistant even when the
 * Claude agent is back, so the customer never has a half-answered menu taken over by a
 * model that did not see it.
 */
export function isOfflineFlowActive(raw: unknown, now: Date): boolean {
  const state = loadAssistantState(raw, now);
  return state !== null && state.current.step !== 'idle';
}
