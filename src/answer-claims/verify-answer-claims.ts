import type { ChangeKind } from './change-verbs.js';
import { type ClaimedChange, detectSettledClaims, type SettledClaim } from './detect-settled-claims.js';
import type { DayReference } from './time-expressions.js';

/** What the model says its answer claims (the `afirma` field of `responder_cliente`). */
export type AnswerDeclaration = { claims: 'nothing' } | { claims: 'not_possible' } | { claims: ChangeKind; appointmentId?: number };

/** A change the database confirmed in this run: a successful agendar, cancelar or remarcar. */
export interface ConfirmedWrite {
  kind: ChangeKind;
  /** the appointment as it is after the write (the new one for a reschedule) */
  appointmentId: number;
  /** the other appointment a reschedule touched (the old one, now cancelled) */
  previousAppointmentId?: number;
  /** local date "YYYY-MM-DD", start and end "HH:mm" of appointmentId */
  date: string;
  start: string;
  end: string;
  /** a reschedule's old slot, which a statement of the change may name too ("de terça às 10h para sábado às 9h") */
  previous?: KnownAppointment;
}

/** An appointment the customer has (read from the database), which an answer may repeat. */
export interface KnownAppointment {
  date: string;
  start: string;
  end: string;
}

/** A day the customer waits on a waitlist for: joined in this run (`entrar_lista_espera`) or held already. */
export interface WaitlistPlace {
  /** local date "YYYY-MM-DD" */
  date: string;
}

export interface ClaimEvidence {
  writes: readonly ConfirmedWrite[];
  /** the customer's booked appointments: "your booking is tomorrow at 10" repeats one of them */
  known: readonly KnownAppointment[];
  /** the waitlist places joined in this run and those the customer holds: "coloquei seu nome na lista de espera" needs one */
  waitlist?: readonly WaitlistPlace[];
  /**
   * the customer's appointments whose deposit is paid (confirmed by the payment provider's
   * webhook, never by the model): "recebemos seu Pix" needs one, on the day and time it names
   */
  paidDeposits?: readonly KnownAppointment[];
  /** today in the tenant's zone ("YYYY-MM-DD"), to resolve "hoje" and "amanhã" */
  today?: string;
}

export type ClaimVerdict =
  | { ok: true }
  | { ok: false; reason: 'declared_without_write'; kind: ChangeKind }
  | { ok: false; reason: 'stated_without_write'; kind: ClaimedChange; sentence: string }
  | { ok: false; reason: 'stated_time_differs'; kind: ClaimedChange; sentence: string };

/** Which confirmed writes back a stated change: a reschedule also books the new time and cancels the old one. */
const BACKED_BY: Record<ChangeKind, ChangeKind[]> = {
  booked: ['booked', 'rescheduled'],
  cancelled: ['cancelled', 'rescheduled'],
  rescheduled: ['rescheduled'],
};

/**
 * Checks an answer against what the database confirmed in the run, never against its
 * wording alone. The declaration must be backed by a write of its kind (and id, when
 * given); then every sentence that states a change as done (detectSettledClaims) must be
 * backed by a write of a matching kind, at the times and days it names. A statement that
 * something is booked may also repeat an appointment the customer already has (`known`),
 * at the same time; a cancellation or reschedule is only ever backed by a write.
 */
export function verifyAnswerClaims(answer: { text: string; declaration?: AnswerDeclaration }, evidence: ClaimEvidence): ClaimVerdict {
  const declaration = answer.declaration;
  if (declaration && declaration.claims !== 'nothing' && declaration.claims !== 'not_possible') {
    const kinds = BACKED_BY[declaration.claims];
    const backed = evidence.writes.some(
      (write) =>
        kinds.includes(write.kind) &&
        (declaration.appointmentId === undefined ||
          write.appointmentId === declaration.appointmentId ||
          write.previousAppointmentId === declaration.appointmentId),
    );
    if (!backed) return { ok: false, reason: 'declared_without_write', kind: declaration.claims };
  }
  for (const claim of detectSettledClaims(answer.text)) {
    const verdict = checkClaim(claim, evidence);
    if (!verdict.ok) return verdict;
  }
  return { ok: true };
}

function checkClaim(claim: SettledClaim, evidence: ClaimEvidence): ClaimVerdict {
  const kind = claim.kind;
  if (kind === 'waitlisted') return checkWaitlistClaim(claim, evidence);
  if (kind === 'paid') return checkPaymentClaim(claim, evidence);
  const writes = evidence.writes.filter((write) => claim.anyChange || BACKED_BY[kind].includes(write.kind));
  // "confirmamos a transferência de sua consulta do dia 03/12 para o dia 07/12": a booking named
  // with two days or times may name a reschedule's old slot next to its new one
  const namesAMove = claim.when.days.length + claim.when.times.length >= 2;
  const previous = claim.kind === 'booked' && !namesAMove ? [] : writes.flatMap((write) => (write.previous ? [write.previous] : []));
  const candidates: KnownAppointment[] = [...writes, ...previous, ...(claim.kind === 'booked' ? evidence.known : [])];
  if (candidates.length === 0) return { ok: false, reason: 'stated_without_write', kind: claim.kind, sentence: claim.sentence };
  // "agendei suas 4 sessões" with one booking written: the others are not booked
  const counted = claim.count === undefined || candidates.length >= claim.count;
  if (counted && matchesSome(claim, candidates, evidence.today)) return { ok: true };
  const reason = writes.length > 0 ? 'stated_time_differs' : 'stated_without_write';
  return { ok: false, reason, kind: claim.kind, sentence: claim.sentence };
}

/**
 * A waitlist place is backed by one joined in this run or held, on each day the sentence names
 * (a waitlist entry has a part of the day, not a time: a time named is what is waited for).
 */
function checkWaitlistClaim(claim: SettledClaim, evidence: ClaimEvidence): ClaimVerdict {
  const places = evidence.waitlist ?? [];
  // "na lista de espera de sexta e de sábado": each day named needs a place of its own
  const onEveryDay = places.length > 0 && claim.when.days.every((day) => places.some((place) => sameDay(day, place.date, evidence.today)));
  if (onEveryDay) return { ok: true };
  return { ok: false, reason: 'stated_without_write', kind: 'waitlisted', sentence: claim.sentence };
}

/**
 * A payment acknowledged is backed by a paid deposit: on the appointment of the day and time the
 * sentence names, or any paid deposit when it names none. A booking written in this run backs no
 * payment: its deposit, if any, is still to be paid.
 */
function checkPaymentClaim(claim: SettledClaim, evidence: ClaimEvidence): ClaimVerdict {
  const paid = evidence.paidDeposits ?? [];
  if (paid.length > 0 && matchesSome(claim, paid, evidence.today)) return { ok: true };
  return { ok: false, reason: 'stated_without_write', kind: 'paid', sentence: claim.sentence };
}

function matchesSome(claim: SettledClaim, candidates: readonly KnownAppointment[], today: string | undefined): boolean {
  const { times, ends, days } = claim.when;
  if (times.length === 0 && ends.length === 0 && days.length === 0) return true;
  // "sexta às 11h" names a start: a write of 10:00-11:00 does not back it; "das 10h às 11h" names its end too
  const timesOk =
    times.every((time) => candidates.some((candidate) => candidate.start === time)) &&
    ends.every((time) => candidates.some((candidate) => candidate.end === time || candidate.start === time));
  // "o sinal foi pago no dia 28/11": a day gone by names when something happened, not the slot claimed
  const daysOk = days.every((day) => isPast(day, today) || candidates.some((candidate) => sameDay(day, candidate.date, today)));
  return timesOk && daysOk;
}

function sameDay(day: DayReference, date: string, today: string | undefined): boolean {
  const [year, month, dayOfMonth] = date.split('-').map(Number) as [number, number, number];
  switch (day.kind) {
    case 'weekday':
      return new Date(Date.UTC(year, month - 1, dayOfMonth)).getUTCDay() === day.weekday;
    case 'date':
      return day.day === dayOfMonth && (day.month === null || day.month === month);
    case 'relative': {
      if (!today) return true;
      const base = new Date(`${today}T00:00:00Z`).getTime();
      return new Date(base + day.offsetDays * 86_400_000).toISOString().slice(0, 10) === date;
    }
  }
}

/** A calendar date with its month that lies in the 60 days before today (never a slot to book). */
function isPast(day: DayReference, today: string | undefined): boolean {
  if (day.kind !== 'date' || day.month === null || !today) return false;
  const now = new Date(`${today}T00:00:00Z`);
  const date = Date.UTC(now.getUTCFullYear(), day.month - 1, day.day);
  const before = now.getTime() - date;
  return before > 0 && before <= 60 * 86_400_000;
}
