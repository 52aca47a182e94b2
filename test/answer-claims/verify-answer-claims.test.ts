import { describe, expect, it } from 'vitest';
import { type ConfirmedWrite, verifyAnswerClaims } from '../../src/answer-claims/index.js';

const TODAY = '2026-12-01'; // a Tuesday
const bookedWednesday10: ConfirmedWrite = { kind: 'booked', appointmentId: 7, date: '2026-12-02', start: '10:00', end: '10:30' };
const cancelledFriday: ConfirmedWrite = { kind: 'cancelled', appointmentId: 8, date: '2026-12-04', start: '15:00', end: '15:30' };
const movedToSaturday9: ConfirmedWrite = {
  kind: 'rescheduled',
  appointmentId: 10,
  previousAppointmentId: 9,
  date: '2026-12-05',
  start: '09:00',
  end: '09:30',
  previous: { date: '2026-12-01', start: '15:00', end: '15:30' },
};
const check = (text: string, writes: ConfirmedWrite[] = [], extra: Partial<Parameters<typeof verifyAnswerClaims>[1]> = {}) =>
  verifyAnswerClaims({ text }, { writes, known: [], today: TODAY, ...extra });

describe('verifyAnswerClaims', () => {
  it.each([
    'Agendado! Te espero quarta.',
    'Pronto, seu horário foi marcado para quarta às 10h.',
    'Seu corte está confirmado.',
    'Cancelei o seu horário de sexta.',
    'Tudo certo, ficou remarcado para as 15h.',
    'Prontinho!\nConfirmado.',
  ])('when an answer claims a change (%s) with no successful write, then it is refused', (text) => {
    expect(check(text)).toMatchObject({ ok: false, reason: 'stated_without_write' });
  });

  it.each([
    'Quer que eu deixe agendado para quarta às 10h?',
    'Seu horário não foi agendado ainda: posso confirmar?',
    'Não cancelei nada, fique tranquila.',
    'Para agendar, me diga o dia.',
    'Você tem 2 agendamentos esta semana.',
  ])('when an answer only mentions a change (%s), then it passes', (text) => {
    expect(check(text)).toEqual({ ok: true });
  });

  it('when the statement matches the written row (day and time), then it passes; a different time or day is refused', () => {
    expect(check('Pronto, agendado para amanhã às 10h!', [bookedWednesday10])).toEqual({ ok: true });
    expect(check('Pronto, agendado para quarta, 02/12, às 10h!', [bookedWednesday10])).toEqual({ ok: true });
    expect(check('Pronto, agendado para amanhã às 11h!', [bookedWednesday10])).toMatchObject({ ok: false, reason: 'stated_time_differs' });
    expect(check('Pronto, agendado para sexta às 10h!', [bookedWednesday10])).toMatchObject({ ok: false, reason: 'stated_time_differs' });
  });

  it('when only a cancellation succeeded, then a booking claim is refused and the cancellation claim passes', () => {
    expect(check('Cancelei seu horário de sexta às 15h.', [cancelledFriday])).toEqual({ ok: true });
    expect(check('Agendado para sexta às 15h!', [cancelledFriday])).toMatchObject({ ok: false, kind: 'booked' });
  });

  it('when a change noun names a cancellation or reschedule with a weak verb, then the claim is of that change, not a booking', () => {
    expect(check('Cancelamento registrado para sexta às 15h.', [cancelledFriday])).toEqual({ ok: true });
    expect(check('Cancelamento registrado para sexta às 15h.', [bookedWednesday10])).toMatchObject({ ok: false, kind: 'cancelled' });
    expect(check('A troca de horário foi lançada: sábado às 9h.', [movedToSaturday9])).toEqual({ ok: true });
    expect(check('A troca de horário foi lançada: sábado às 9h.', [bookedWednesday10])).toMatchObject({ ok: false, kind: 'rescheduled' });
  });

  it('when a reschedule succeeded, then it backs the new booking, the old time in the same sentence, and the cancellation of the old one', () => {
    expect(check('Remarquei de hoje às 15h para sábado às 9h.', [movedToSaturday9])).toEqual({ ok: true });
    expect(check('Seu horário ficou para sábado às 9h.', [movedToSaturday9])).toEqual({ ok: true });
    expect(check('Remarcado para domingo às 9h.', [movedToSaturday9])).toMatchObject({ ok: false, reason: 'stated_time_differs' });
  });

  it("when the answer repeats an appointment the customer has, then it passes only at that appointment's time, and never as a cancellation", () => {
    const known = [{ date: '2026-12-02', start: '10:00', end: '10:30' }];
    expect(check('Seu horário está marcado para amanhã às 10h.', [], { known })).toEqual({ ok: true });
    expect(check('Seu horário está marcado para amanhã às 16h.', [], { known })).toMatchObject({ ok: false });
    expect(check('Cancelei seu horário de amanhã às 10h.', [], { known })).toMatchObject({ ok: false, kind: 'cancelled' });
  });

  it('when the declaration claims a change no write backs, then it is refused whatever the text says', () => {
    const harmless = 'Até logo! 😉';
    expect(verifyAnswerClaims({ text: harmless, declaration: { claims: 'booked' } }, { writes: [], known: [] })).toEqual({
      ok: false,
      reason: 'declared_without_write',
      kind: 'booked',
    });
    expect(
      verifyAnswerClaims(
        { text: harmless, declaration: { claims: 'booked', appointmentId: 99 } },
        { writes: [bookedWednesday10], known: [] },
      ),
    ).toMatchObject({
      ok: false,
      reason: 'declared_without_write',
    });
    expect(
      verifyAnswerClaims(
        { text: harmless, declaration: { claims: 'booked', appointmentId: 7 } },
        { writes: [bookedWednesday10], known: [] },
      ),
    ).toEqual({
      ok: true,
    });
    expect(
      verifyAnswerClaims(
        { text: harmless, declaration: { claims: 'cancelled', appointmentId: 9 } },
        { writes: [movedToSaturday9], known: [] },
      ),
    ).toEqual({
      ok: true,
    });
  });

  it('when the declaration says nothing was done but the text claims a booking, then the text still decides', () => {
    expect(
      verifyAnswerClaims({ text: 'Reservei amanhã às 10h pra você.', declaration: { claims: 'nothing' } }, { writes: [], known: [] }),
    ).toMatchObject({
      ok: false,
      reason: 'stated_without_write',
    });
  });

  it('when an answer only says "done" ("Feito! 👍"), then any confirmed write backs it and none refuses it', () => {
    expect(check('Feito! 👍')).toMatchObject({ ok: false, reason: 'stated_without_write', kind: 'booked' });
    expect(check('Feito! 👍', [cancelledFriday])).toEqual({ ok: true });
    expect(check('Prontinho!', [movedToSaturday9])).toEqual({ ok: true });
    expect(check('Ok! 👍')).toEqual({ ok: true });
  });
});
