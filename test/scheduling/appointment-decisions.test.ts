import { describe, expect, it } from 'vitest';
import { decideAttendance, decideCancellation, decideConfirmation } from '../../src/scheduling/appointments/index.js';

const now = new Date('2026-12-01T12:00:00Z');
const future = new Date('2026-12-02T12:00:00Z');
const soon = new Date('2026-12-01T13:00:00Z');
const past = new Date('2026-12-01T11:00:00Z');

describe('status decisions (pure)', () => {
  it.each([
    ['booked', future, { kind: 'apply' }],
    ['confirmed', future, { kind: 'unchanged' }],
    ['cancelled', future, { kind: 'refused', reason: 'cancelled' }],
    ['booked', past, { kind: 'refused', reason: 'started' }],
    ['attended', past, { kind: 'refused', reason: 'started' }],
  ])('confirming a %s appointment starting %s', (status, startsAt, decision) => {
    expect(decideConfirmation({ status, startsAt }, now)).toEqual(decision);
  });

  it.each([
    ['booked', past, 'attended', { kind: 'apply' }],
    ['confirmed', past, 'no_show', { kind: 'apply' }],
    ['attended', past, 'no_show', { kind: 'apply' }],
    ['no_show', past, 'no_show', { kind: 'unchanged' }],
    ['booked', future, 'attended', { kind: 'refused', reason: 'not_started' }],
    ['cancelled', past, 'attended', { kind: 'refused', reason: 'cancelled' }],
  ] as const)('recording attendance of a %s appointment starting %s as %s', (status, startsAt, attendance, decision) => {
    expect(decideAttendance({ status, startsAt }, attendance, now)).toEqual(decision);
  });

  it.each([
    ['booked', future, null, { kind: 'apply' }],
    ['confirmed', future, null, { kind: 'apply' }],
    ['cancelled', future, null, { kind: 'unchanged' }],
    ['booked', past, null, { kind: 'refused', reason: 'started' }],
    ['no_show', past, null, { kind: 'refused', reason: 'started' }],
    // The customer's rules: inside the tenant's cancellation notice they may not cancel; staff (null) may.
    ['booked', soon, 120, { kind: 'refused', reason: 'cancel_notice' }],
    ['booked', soon, null, { kind: 'apply' }],
    ['booked', soon, 60, { kind: 'apply' }],
    ['booked', past, 120, { kind: 'refused', reason: 'started' }],
  ] as const)('cancelling a %s appointment starting %s with a notice of %s minutes', (status, startsAt, notice, decision) => {
    expect(decideCancellation({ status, startsAt }, now, notice)).toEqual(decision);
  });
});
