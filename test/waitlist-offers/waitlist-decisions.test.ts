import { describe, expect, it } from 'vitest';
import type { AppointmentChanged, ChangedAppointment } from '../../src/scheduling/appointments/index.js';
import {
  decideWaitlistOffer,
  decideWaitlistTap,
  openingOfAppointmentChange,
  openingOfRemovedBlock,
  waitlistOfferPayload,
  waitlistTapOf,
} from '../../src/waitlist-offers/index.js';

const at = new Date('2026-12-02T12:00:00Z');
const appointment = (overrides: Partial<ChangedAppointment> = {}): ChangedAppointment => ({
  id: 7,
  tenantId: 1,
  customerId: 3,
  professionalId: 2,
  serviceId: 5,
  startsAt: new Date('2026-12-04T17:00:00Z'),
  endsAt: new Date('2026-12-04T17:30:00Z'),
  status: 'cancelled',
  source: 'bot',
  visitId: null,
  ...overrides,
});
const actor = { kind: 'bot_run', runId: null } as const;

describe('openings: which changes free a slot', () => {
  it('a cancellation frees the appointment’s time; a booking or a confirmation frees nothing', () => {
    expect(openingOfAppointmentChange({ kind: 'cancelled', appointment: appointment(), from: 'booked', at, actor })).toEqual({
      tenantId: 1,
      professionalId: 2,
      startsAt: new Date('2026-12-04T17:00:00Z'),
      endsAt: new Date('2026-12-04T17:30:00Z'),
    });
    expect(openingOfAppointmentChange({ kind: 'booked', appointment: appointment({ status: 'booked' }), at, actor })).toBeNull();
    expect(
      openingOfAppointmentChange({ kind: 'status_changed', appointment: appointment({ status: 'confirmed' }), from: 'booked', at, actor }),
    ).toBeNull();
  });

  it('a move frees the old time and professional, not the new one; a move to the same time frees nothing', () => {
    const previous = appointment({ status: 'booked' });
    const moved = appointment({
      status: 'booked',
      professionalId: 9,
      startsAt: new Date('2026-12-05T13:00:00Z'),
      endsAt: new Date('2026-12-05T13:30:00Z'),
    });
    expect(openingOfAppointmentChange({ kind: 'moved', appointment: moved, previous, at, actor })).toEqual({
      tenantId: 1,
      professionalId: 2,
      startsAt: previous.startsAt,
      endsAt: previous.endsAt,
    });
    expect(openingOfAppointmentChange({ kind: 'moved', appointment: previous, previous, at, actor })).toBeNull();
  });

  it('an expired deposit hold (any change into a status that no longer holds the time) frees it', () => {
    const expired = {
      kind: 'status_changed',
      appointment: { ...appointment(), status: 'expired' },
      from: 'pending_payment',
      at,
      actor,
    } as unknown as AppointmentChanged;
    expect(openingOfAppointmentChange(expired)?.startsAt).toEqual(new Date('2026-12-04T17:00:00Z'));
  });

  it('a time already over frees nothing; a removed block frees its part still ahead', () => {
    const past = appointment({ startsAt: new Date('2026-12-02T10:00:00Z'), endsAt: new Date('2026-12-02T10:30:00Z') });
    expect(openingOfAppointmentChange({ kind: 'cancelled', appointment: past, from: 'booked', at, actor })).toBeNull();
    const block = {
      tenantId: 1,
      professionalId: 2,
      startsAt: new Date('2026-12-02T11:00:00Z'),
      endsAt: new Date('2026-12-02T15:00:00Z'),
      at,
    };
    expect(openingOfRemovedBlock(block, at)).toEqual({ tenantId: 1, professionalId: 2, startsAt: at, endsAt: block.endsAt });
    expect(openingOfRemovedBlock({ ...block, endsAt: at }, at)).toBeNull();
  });
});

describe('the offer decision', () => {
  // 2026-12-04 in São Paulo (UTC−3): 11:30, 12:00, 18:00 local.
  const starts = [Date.parse('2026-12-04T14:30:00Z'), Date.parse('2026-12-04T15:00:00Z'), Date.parse('2026-12-04T21:00:00Z')];
  const entry = (entryId: number, overrides: Partial<Parameters<typeof decideWaitlistOffer>[0]['candidates'][number]> = {}) => ({
    entryId,
    serviceId: 5,
    date: '2026-12-04',
    period: null,
    reachable: true,
    ...overrides,
  });

  it('picks the first entry, in list order, whose period has a free start, at its earliest such start', () => {
    const decision = decideWaitlistOffer({
      candidates: [entry(1, { period: 'noite', serviceId: 6 }), entry(2, { period: 'tarde' }), entry(3)],
      freeStarts: (serviceId) => (serviceId === 5 ? starts : []),
      timezone: 'America/Sao_Paulo',
    });
    expect(decision).toEqual({ kind: 'offer', entryId: 2, startsAt: Date.parse('2026-12-04T15:00:00Z') });
  });

  it('judges the period by the start: 11:30 is manha, 12:00 tarde, 18:00 noite', () => {
    const decide = (period: 'manha' | 'tarde' | 'noite') =>
      decideWaitlistOffer({ candidates: [entry(1, { period })], freeStarts: () => starts, timezone: 'America/Sao_Paulo' });
    expect(decide('manha')).toMatchObject({ startsAt: starts[0] });
    expect(decide('tarde')).toMatchObject({ startsAt: starts[1] });
    expect(decide('noite')).toMatchObject({ startsAt: starts[2] });
  });

  it('skips a customer who cannot be told, and says why nothing was offered', () => {
    expect(
      decideWaitlistOffer({
        candidates: [entry(1, { reachable: false }), entry(2)],
        freeStarts: () => starts,
        timezone: 'America/Sao_Paulo',
      }),
    ).toMatchObject({ entryId: 2 });
    expect(decideWaitlistOffer({ candidates: [], freeStarts: () => starts, timezone: 'America/Sao_Paulo' })).toEqual({
      kind: 'none',
      reason: 'no_entry',
    });
    expect(decideWaitlistOffer({ candidates: [entry(1)], freeStarts: () => [], timezone: 'America/Sao_Paulo' })).toEqual({
      kind: 'none',
      reason: 'nothing_fits',
    });
  });
});

describe('the tap', () => {
  it('reads only its own payload shape, from a reply button or a template button', () => {
    const payload = waitlistOfferPayload('AAAAAAAAAAAAAAAAAAAAAA');
    expect(waitlistTapOf({ type: 'interactive', replyId: payload })).toEqual({ token: 'AAAAAAAAAAAAAAAAAAAAAA' });
    expect(waitlistTapOf({ type: 'button', replyId: payload })).toEqual({ token: 'AAAAAAAAAAAAAAAAAAAAAA' });
    expect(waitlistTapOf({ type: 'text', replyId: payload })).toBeNull();
    expect(waitlistTapOf({ type: 'button', replyId: 'r1.confirmar.AAAAAAAAAAAAAAAAAAAAAA' })).toBeNull();
    expect(waitlistTapOf({ type: 'button', replyId: `${payload}x` })).toBeNull();
  });

  it('books an offer still ahead (on hold or passed), repeats a taken one, and calls a begun one gone', () => {
    const offer = {
      offerId: 1,
      entryId: 2,
      status: 'passed',
      professionalId: 3,
      serviceId: 4,
      startsAt: new Date('2026-12-04T17:00:00Z'),
      appointmentId: null,
    };
    expect(decideWaitlistTap(null, at)).toEqual({ kind: 'unknown_offer' });
    expect(decideWaitlistTap(offer, at).kind).toBe('book');
    expect(decideWaitlistTap({ ...offer, status: 'taken', appointmentId: 9 }, at).kind).toBe('already_taken');
    expect(decideWaitlistTap(offer, new Date('2026-12-04T17:00:00Z')).kind).toBe('gone');
  });
});
