import type { ReminderSetting } from '../tenant/index.js';
import { isReminderPayloadToken } from './reminder-payload.js';

/** A reminder may arrive at most this share of its lead time late… */
export const LATE_CUTOFF_SHARE = 0.25;
/** …and never more than an hour late. */
export const LATE_CUTOFF_MAX_MS = 60 * 60_000;

/**
 * How late a reminder may still go out: a quarter of its lead time, at most an hour (1440 →
 * 60 min, 120 → 30 min, 30 → 7.5 min). Later, it no longer does its job (a "tomorrow at 15:00"
 * reminder arriving at 14:30 reads like an alarm) and is dropped.
 */
export function lateCutoffMs(beforeMinutes: number): number {
  return Math.min(beforeMinutes * 60_000 * LATE_CUTOFF_SHARE, LATE_CUTOFF_MAX_MS);
}

export type ReminderSkipReason =
  /** the appointment is no longer booked or confirmed (cancelled, an older move's row left behind, attended…) */
  | 'not_booked'
  /** it starts at another time than the one this reminder was scheduled for */
  | 'moved'
  /** the tenant file no longer has a reminder at this offset */
  | 'not_configured'
  /** the customer has neither a phone nor a business-scoped user id */
  | 'no_recipient'
  /** the customer's data was erased (the payload token was replaced) */
  | 'erased';

export type ReminderSendDecision =
  | { kind: 'already_handled'; status: string }
  | { kind: 'skip'; reason: ReminderSkipReason }
  | { kind: 'late'; reason: 'too_late' | 'started'; lateMs: number }
  | { kind: 'send'; setting: ReminderSetting };

export interface ReminderSendInput {
  reminder: { status: string; beforeMinutes: number; dueAt: Date; startsAt: Date; payloadToken: string };
  /** the appointment as it is now (locked), null when it is gone */
  appointment: { status: string; startsAt: Date } | null;
  /** the tenant's current reminder settings */
  settings: readonly ReminderSetting[];
  hasRecipient: boolean;
  now: Date;
}

/**
 * Pure: what the send job does with one reminder at `now`. Only a `scheduled` one is acted on
 * (a retried job finds it handled). Nothing goes out for an appointment that is no longer
 * booked or confirmed or whose start moved; one that would arrive after the appointment
 * started, or later than its cut-off (lateCutoffMs), is dropped as `late`. Otherwise it is
 * sent with the tenant's current template for its offset.
 */
export function decideReminderSend(input: ReminderSendInput): ReminderSendDecision {
  const { reminder, appointment, now } = input;
  if (reminder.status !== 'scheduled') return { kind: 'already_handled', status: reminder.status };
  if (!appointment || (appointment.status !== 'booked' && appointment.status !== 'confirmed'))
    return { kind: 'skip', reason: 'not_booked' };
  if (appointment.startsAt.getTime() !== reminder.startsAt.getTime()) return { kind: 'skip', reason: 'moved' };
  const lateMs = Math.max(0, now.getTime() - reminder.dueAt.getTime());
  if (now.getTime() >= appointment.startsAt.getTime()) return { kind: 'late', reason: 'started', lateMs };
  if (lateMs > lateCutoffMs(reminder.beforeMinutes)) return { kind: 'late', reason: 'too_late', lateMs };
  if (!isReminderPayloadToken(reminder.payloadToken)) return { kind: 'skip', reason: 'erased' };
  const setting = input.settings.find((candidate) => candidate.beforeMinutes === reminder.beforeMinutes);
  if (!setting) return { kind: 'skip', reason: 'not_configured' };
  if (!input.hasRecipient) return { kind: 'skip', reason: 'no_recipient' };
  return { kind: 'send', setting };
}
