import { describe, expect, it } from 'vitest';
import { decideStaffCancellation } from '../../src/scheduling/cancel-appointment-by-staff.js';
import { decideConfirmation } from '../../src/scheduling/confirm-appointment.js';
import { decideAttendance } from '../../src/scheduling/record-attendance.js';

const now = new Date('2026-12-01T12:00:00Z');
const future = new Date('2026-12-02T12:00:00Z');
const past = new Date('2026-12-01T11:00:00Z');

describe('status decisions (pure)', () => {
  it.each([
    ['booked', future, { kind: 'apply' }],
    ['confirmed', future, { kind: 'unchanged' }],
    ['cancelled', future, { kind: 'refused', reason: 'cancelled' }],
    ['booked', past, { kind: 'refused', reason: 'started' }],
    ['attended', past, { kind: 'refused', reason: 'not_upcoming' }],
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
    ['booked', future, { kind: 'apply' }],
    ['confirmed', future, { kind: 'apply' }],
    ['cancelled', future, { kind: 'unchanged' }],
    ['booked', past, { kind: 'refused', reason: 'started' }],
    ['no_show', past, { kind: 'refused', reason: 'not_upcoming' }],
  ])('staff cancelling a %s appointment starting %s', (status, startsAt, decision) => {
    expect(decideStaffCancellation({ status, startsAt }, now)).toEqual(decision);
  });
});
