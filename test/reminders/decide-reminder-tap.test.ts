import { describe, expect, it } from 'vitest';
import { decideReminderTap, type ReminderTapFacts } from '../../src/reminders/index.js';
import type { AppointmentView } from '../../src/scheduling/appointments/index.js';

const NOW = new Date('2026-12-01T12:00:00Z');
const HOUR = 3_600_000;

function appointment(overrides: Partial<AppointmentView> = {}): AppointmentView {
  const startsAt = overrides.startsAt ?? new Date(NOW.getTime() + 24 * HOUR);
  return {
    id: 42,
    tenantId: 1,
    customerId: 7,
    status: 'booked',
    source: 'bot',
    startsAt,
    endsAt: new Date(startsAt.getTime() + 30 * 60_000),
    professional: { id: 3, name: 'Ana' },
    service: { id: 1, name: 'Corte', durationMinutes: 30 },
    timezone: 'America/Sao_Paulo',
    cancelNoticeMinutes: 120,
    visitId: null,
    priceCents: null,
    ...overrides,
  };
}

function facts(
  view: AppointmentView | null,
  options: { answer?: 'confirm' | 'reschedule' | 'cancel'; movedTo?: AppointmentView; byTap?: boolean; remindedStart?: Date } = {},
): ReminderTapFacts {
  return {
    reminder: view
      ? { id: 9, appointmentId: view.id, startsAt: options.remindedStart ?? view.startsAt, answer: options.answer ?? null }
      : null,
    appointment: view,
    movedTo: options.movedTo ?? null,
    cancelledByReminderTap: options.byTap ?? false,
  };
}

describe('decideReminderTap (pure)', () => {
  it('when no reminder of this customer in this tenant has the token, then nothing is acted on', () => {
    for (const action of ['confirmar', 'remarcar', 'cancelar'] as const) {
      expect(decideReminderTap(action, facts(null), NOW)).toEqual({ kind: 'unknown_reminder' });
    }
  });

  it('when a booked appointment is tapped for the first time, then each button does its own thing', () => {
    const booked = appointment();
    expect(decideReminderTap('confirmar', facts(booked), NOW)).toEqual({ kind: 'confirm', reminderId: 9, appointment: booked });
    expect(decideReminderTap('cancelar', facts(booked), NOW)).toEqual({ kind: 'cancel', reminderId: 9, appointment: booked });
    expect(decideReminderTap('remarcar', facts(booked), NOW)).toEqual({ kind: 'reschedule', reminderId: 9, appointment: booked });
  });

  it("when Cancelar comes inside the tenant's cancellation notice, then it is too late (exactly at the limit is still allowed)", () => {
    const soon = appointment({ startsAt: new Date(NOW.getTime() + 119 * 60_000) });
    expect(decideReminderTap('cancelar', facts(soon), NOW)).toMatchObject({ kind: 'cancel_too_late' });
    const atLimit = appointment({ startsAt: new Date(NOW.getTime() + 120 * 60_000) });
    expect(decideReminderTap('cancelar', facts(atLimit), NOW)).toMatchObject({ kind: 'cancel' });
    // Confirming stays possible right up to the start.
    expect(decideReminderTap('confirmar', facts(soon), NOW)).toMatchObject({ kind: 'confirm' });
  });

  it('when the same button is tapped again with nothing changed since, then it is a silent repeat', () => {
    const confirmed = appointment({ status: 'confirmed' });
    expect(decideReminderTap('confirmar', facts(confirmed, { answer: 'confirm' }), NOW)).toEqual({ kind: 'repeat' });
    const cancelled = appointment({ status: 'cancelled' });
    expect(decideReminderTap('cancelar', facts(cancelled, { answer: 'cancel', byTap: true }), NOW)).toEqual({ kind: 'repeat' });
    // Too late the first time (a person was called): a second Cancelar calls nobody again.
    const soon = appointment({ startsAt: new Date(NOW.getTime() + HOUR) });
    expect(decideReminderTap('cancelar', facts(soon, { answer: 'cancel' }), NOW)).toEqual({ kind: 'repeat' });
  });

  it('when a tap is retried after its turn failed to commit, then it acts again (idempotently) rather than reading its own change as news', () => {
    const cancelledByThisTap = appointment({ status: 'cancelled' });
    expect(decideReminderTap('cancelar', facts(cancelledByThisTap, { byTap: true }), NOW)).toMatchObject({ kind: 'cancel' });
    const confirmedByThisTap = appointment({ status: 'confirmed' });
    expect(decideReminderTap('confirmar', facts(confirmedByThisTap), NOW)).toMatchObject({ kind: 'confirm' });
  });

  it('when another button of an answered reminder is tapped, then it acts on the appointment as it is now (the customer changed their mind)', () => {
    const confirmed = appointment({ status: 'confirmed' });
    expect(decideReminderTap('cancelar', facts(confirmed, { answer: 'confirm' }), NOW)).toMatchObject({ kind: 'cancel' });
    expect(decideReminderTap('remarcar', facts(confirmed, { answer: 'confirm' }), NOW)).toMatchObject({ kind: 'reschedule' });
    const booked = appointment();
    expect(decideReminderTap('confirmar', facts(booked, { answer: 'reschedule' }), NOW)).toMatchObject({ kind: 'confirm' });
    // Remarcar again only asks again for a new time: the responder picks it up, nothing changes by itself.
    expect(decideReminderTap('remarcar', facts(booked, { answer: 'reschedule' }), NOW)).toMatchObject({ kind: 'reschedule' });
    // A Cancelar after Confirmar whose turn failed to commit: the appointment is cancelled, the answer still says confirm.
    const cancelledByTap = appointment({ status: 'cancelled' });
    expect(decideReminderTap('cancelar', facts(cancelledByTap, { answer: 'confirm', byTap: true }), NOW)).toMatchObject({ kind: 'cancel' });
    // …whereas Confirmar on it says it is cancelled.
    expect(decideReminderTap('confirmar', facts(cancelledByTap, { answer: 'cancel', byTap: true }), NOW)).toMatchObject({
      kind: 'cancelled',
    });
  });

  it('when the appointment was cancelled (not by this tap) or moved since, then no button acts on any slot', () => {
    const cancelledByStaff = appointment({ status: 'cancelled' });
    const moved = appointment({ status: 'cancelled' });
    const movedTo = appointment({ id: 57, startsAt: new Date(NOW.getTime() + 48 * HOUR) });
    for (const action of ['confirmar', 'remarcar', 'cancelar'] as const) {
      expect(decideReminderTap(action, facts(cancelledByStaff), NOW)).toEqual({ kind: 'cancelled', appointment: cancelledByStaff });
      expect(decideReminderTap(action, facts(moved, { movedTo }), NOW)).toEqual({ kind: 'moved', appointment: moved, movedTo });
      // Same row, another time than the reminder named.
      const shifted = appointment({ startsAt: new Date(NOW.getTime() + 30 * HOUR) });
      expect(decideReminderTap(action, facts(shifted, { remindedStart: new Date(NOW.getTime() + 24 * HOUR) }), NOW)).toMatchObject({
        kind: 'moved',
      });
    }
    // Moved, and the new one was cancelled too: nothing is on.
    const cancelledAgain = appointment({ id: 57, status: 'cancelled' });
    expect(decideReminderTap('confirmar', facts(moved, { movedTo: cancelledAgain }), NOW)).toEqual({
      kind: 'cancelled',
      appointment: moved,
    });
  });

  it('when the appointment started or staff marked it, then the tap is told it passed', () => {
    const started = appointment({ startsAt: new Date(NOW.getTime() - 60_000) });
    const attended = appointment({ status: 'attended', startsAt: new Date(NOW.getTime() - HOUR) });
    for (const action of ['confirmar', 'remarcar', 'cancelar'] as const) {
      expect(decideReminderTap(action, facts(started), NOW)).toEqual({ kind: 'past', appointment: started });
      expect(decideReminderTap(action, facts(attended), NOW)).toEqual({ kind: 'past', appointment: attended });
    }
  });
});
