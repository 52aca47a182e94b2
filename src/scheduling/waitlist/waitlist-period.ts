/**
 * The parts of a day a waitlist entry may name (`periodo` of `entrar_lista_espera`), judged by
 * a slot's local start: `manha` before 12:00, `tarde` from 12:00 to before 18:00, `noite` from
 * 18:00. Pure.
 */
export const WAITLIST_PERIODS = ['manha', 'tarde', 'noite'] as const;
export type WaitlistPeriod = (typeof WAITLIST_PERIODS)[number];

const NOON = 12 * 60;
const EVENING = 18 * 60;

/** The part of the day a local start (minutes after midnight) falls in. */
export function periodOfMinute(minute: number): WaitlistPeriod {
  if (minute < NOON) return 'manha';
  if (minute < EVENING) return 'tarde';
  return 'noite';
}

/** Whether a start (minutes after midnight) fits an entry's period; no period fits any start. */
export function fitsPeriod(period: WaitlistPeriod | null, minute: number): boolean {
  return period === null || periodOfMinute(minute) === period;
}

/** A stored period as the union (the CHECK constraint guarantees it). */
export function toWaitlistPeriod(value: string | null): WaitlistPeriod | null {
  if (value === null) return null;
  if ((WAITLIST_PERIODS as readonly string[]).includes(value)) return value as WaitlistPeriod;
  throw new Error(`unknown waitlist period ${value}`);
}
