import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { computeConsoleStats } from '../../src/console/console-stats.js';
import type { Db } from '../../src/db/index.js';
import { computeReminderStats } from '../../src/reminders/index.js';
import { addDays } from '../../src/shared/index.js';
import { bearer, createAdminTestApp } from '../admin/admin-test-app.js';
import { createTestConversation, createTestTenant, type TestTenant } from '../support/factories.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';
import { newReminderToken, saoPauloInstant } from './reminder-test-kit.js';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');

async function report(args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'src/cli/report.ts', ...args], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** Today in São Paulo; the hand-built set sits around it, so the figures hold whenever the test runs. */
const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' });
const FROM = addDays(today, -40);
const TO = addDays(today, 30);

type Status = 'booked' | 'confirmed' | 'cancelled' | 'attended' | 'no_show';
interface Spec {
  day: string;
  time: string;
  status: Status;
  /** reminder rows: their status and answer */
  reminders?: { status: string; answer?: 'confirm' | 'reschedule' | 'cancel' }[];
  /** appointment_events: change, actor and details */
  events?: { change: string; actor: 'customer_reminder' | 'staff_account' | 'bot_run'; details?: Record<string, string> }[];
  /** moved in the reminder's flow to a new appointment (not reminded itself) on this day and time, as moves did before they kept the id */
  movedTo?: { day: string; time: string };
  professional?: 0 | 1;
}

const sent = (answer?: 'confirm' | 'reschedule' | 'cancel') => ({ status: 'sent', ...(answer ? { answer } : {}) });
const byReminder = (change: string) => ({ change, actor: 'customer_reminder' as const });

/**
 * The hand-built set (days relative to today, São Paulo). Expected, over [FROM, TO):
 * reminded 15 (A1–A15); confirmed through a reminder 6 (A1 A2 A3 A12 A13 A15); cancelled
 * through a reminder 1 (A8); Remarcar 2 and moved 2 (A9 onto a new row, A10 in place); attendance of confirmed: started 5,
 * attended 3 (A1 A12 A15), no-show 1 (A2), unmarked 1 (A3); of unconfirmed: started 6, attended 3
 * (A4 A11 A14), no-show 2 (A5 A6), unmarked 1 (A7).
 */
function handBuiltSet(): Record<string, Spec> {
  const past = (days: number) => addDays(today, -days);
  return {
    A1: { day: past(30), time: '10:00', status: 'attended', reminders: [sent('confirm')], events: [byReminder('confirmed')] },
    A2: { day: past(30), time: '11:00', status: 'no_show', reminders: [sent('confirm')], events: [byReminder('confirmed')] },
    A3: { day: past(29), time: '10:00', status: 'confirmed', reminders: [sent('confirm')], events: [byReminder('confirmed')] },
    A4: { day: past(29), time: '11:00', status: 'attended', reminders: [sent()] },
    A5: { day: past(28), time: '10:00', status: 'no_show', reminders: [sent()] },
    A6: { day: past(28), time: '11:00', status: 'no_show', reminders: [sent()] },
    A7: { day: past(27), time: '10:00', status: 'booked', reminders: [sent()] },
    A8: { day: past(27), time: '11:00', status: 'cancelled', reminders: [sent('cancel')], events: [byReminder('cancelled')] },
    A9: {
      day: past(26),
      time: '10:00',
      status: 'cancelled',
      reminders: [sent('reschedule')],
      events: [{ change: 'rescheduled_to', actor: 'bot_run' }],
      movedTo: { day: past(25), time: '10:00' },
    },
    // Moved in place (same id) in the reminder's flow: its history entry says so.
    A10: {
      day: addDays(today, 5),
      time: '10:00',
      status: 'booked',
      reminders: [sent('reschedule')],
      events: [{ change: 'rescheduled', actor: 'bot_run', details: { source: 'reminder' } }],
    },
    // Exactly at the period's start (local midnight): inside.
    A11: { day: FROM, time: '00:00', status: 'attended', reminders: [sent()], professional: 1 },
    A12: { day: past(2), time: '10:00', status: 'attended', reminders: [sent('confirm')], events: [byReminder('confirmed')] },
    // Still ahead: confirmed, not started.
    A13: { day: addDays(today, 10), time: '15:00', status: 'confirmed', reminders: [sent('confirm')], events: [byReminder('confirmed')] },
    // Confirmed by staff, not through a reminder: unconfirmed as far as reminders go.
    A14: {
      day: past(20),
      time: '10:00',
      status: 'attended',
      reminders: [sent()],
      events: [{ change: 'confirmed', actor: 'staff_account' }],
    },
    // Two reminders, both answered Confirmar: one appointment, one confirmation.
    A15: {
      day: past(19),
      time: '10:00',
      status: 'attended',
      reminders: [sent('confirm'), sent('confirm')],
      events: [byReminder('confirmed')],
    },
    // Outside the period: half an hour before its start, half an hour after its end.
    B1: { day: addDays(FROM, -1), time: '23:30', status: 'attended', reminders: [sent('confirm')], events: [byReminder('confirmed')] },
    B2: { day: TO, time: '00:30', status: 'confirmed', reminders: [sent('confirm')], events: [byReminder('confirmed')], professional: 1 },
    // Not reminded: the template failed, or nothing was scheduled.
    B3: { day: past(15), time: '10:00', status: 'no_show', reminders: [{ status: 'failed' }] },
    B4: { day: past(15), time: '11:00', status: 'no_show' },
  };
}

async function insertSet(db: Db, tenant: TestTenant, set: Record<string, Spec>): Promise<void> {
  const { customer } = await createTestConversation(db, tenant.id);
  const [corte] = tenant.services;
  const create = (spec: { day: string; time: string; professional?: 0 | 1 }, extra: { status: Status; source?: string; from?: number }) => {
    const startsAt = saoPauloInstant(spec.day, spec.time);
    return db.appointment.create({
      data: {
        tenantId: tenant.id,
        customerId: customer.id,
        serviceId: corte?.id as number,
        professionalId: tenant.professionals[spec.professional ?? 0]?.id as number,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 30 * 60_000),
        status: extra.status,
        source: extra.source ?? 'bot',
        ...(extra.from ? { rescheduledFromId: extra.from } : {}),
      },
    });
  };
  for (const spec of Object.values(set)) {
    const appointment = await create(spec, { status: spec.status });
    for (const [index, reminder] of (spec.reminders ?? []).entries()) {
      const beforeMinutes = index === 0 ? 1440 : 120;
      await db.appointmentReminder.create({
        data: {
          tenantId: tenant.id,
          appointmentId: appointment.id,
          customerId: customer.id,
          beforeMinutes,
          dueAt: new Date(appointment.startsAt.getTime() - beforeMinutes * 60_000),
          startsAt: appointment.startsAt,
          status: reminder.status,
          payloadToken: newReminderToken(),
          ...(reminder.answer ? { answer: reminder.answer, answeredAt: new Date(appointment.startsAt.getTime() - 3_600_000) } : {}),
        },
      });
    }
    for (const event of spec.events ?? []) {
      await db.appointmentEvent.create({
        data: {
          tenantId: tenant.id,
          appointmentId: appointment.id,
          actorKind: event.actor,
          actorId: customer.id,
          change: event.change,
          details: event.details ?? {},
        },
      });
    }
    if (spec.movedTo) await create(spec.movedTo, { status: 'attended', source: 'reminder', from: appointment.id });
  }
}

const EXPECTED = {
  remindedAppointments: 15,
  confirmedThroughReminder: 6,
  confirmationRate: 6 / 15,
  cancelledThroughReminder: 1,
  cancellationRate: 1 / 15,
  rescheduleAsked: 2,
  rescheduledThroughReminder: 2,
  attendance: {
    confirmed: { started: 5, attended: 3, noShow: 1, unmarked: 1, noShowRate: 1 / 4 },
    unconfirmed: { started: 6, attended: 3, noShow: 2, unmarked: 1, noShowRate: 2 / 5 },
  },
};

describe('the reminder report counts a hand-built set exactly', () => {
  let database: TestDatabase;
  let tenant: TestTenant;
  let other: TestTenant;
  beforeAll(async () => {
    database = await testDatabase();
    tenant = await createTestTenant(database.db);
    other = await createTestTenant(database.db);
    await insertSet(database.db, tenant, handBuiltSet());
    // Another tenant's appointments in the same days: never in this tenant's figures.
    await insertSet(database.db, other, {
      C1: { day: addDays(today, -5), time: '10:00', status: 'no_show', reminders: [sent('confirm')], events: [byReminder('confirmed')] },
    });
  });

  it('when computed for the period, then every figure is the hand count (and rates are null with nothing to divide)', async () => {
    const period = { from: saoPauloInstant(FROM, '00:00'), to: saoPauloInstant(TO, '00:00') };
    const stats = await computeReminderStats(database.db, { tenantId: tenant.id, ...period, now: new Date() });
    expect(stats).toEqual({ tenantId: tenant.id, ...period, ...EXPECTED });
    const empty = await computeReminderStats(database.db, {
      tenantId: tenant.id,
      from: saoPauloInstant(addDays(today, 100), '00:00'),
      to: saoPauloInstant(addDays(today, 101), '00:00'),
      now: new Date(),
    });
    expect(empty).toMatchObject({ remindedAppointments: 0, confirmationRate: null, cancellationRate: null });
    expect(empty.attendance.confirmed).toEqual({ started: 0, attended: 0, noShow: 0, unmarked: 0, noShowRate: null });
  });

  it("when the owner's console stats are computed, then their reminder rates are the report's", async () => {
    const period = { from: saoPauloInstant(FROM, '00:00'), to: saoPauloInstant(TO, '00:00') };
    const stats = await computeConsoleStats(database.db, { tenantId: tenant.id, ...period, now: new Date() });
    expect(stats).toMatchObject({ confirmationRate: 6 / 15, noShowRateConfirmed: 1 / 4, noShowRateUnconfirmed: 2 / 5 });
  });

  it("when GET /admin/stats/reminders is called with plain dates, then they are the tenant's local days and the figures are the same, for that tenant only", async () => {
    const app = createAdminTestApp(database.db);
    const response = await request(app).get(`/admin/stats/reminders?from=${FROM}&to=${TO}`).set(bearer(tenant.apiKey)).expect(200);
    expect(response.body).toMatchObject({
      from: saoPauloInstant(FROM, '00:00').toISOString(),
      to: saoPauloInstant(TO, '00:00').toISOString(),
      timezone: 'America/Sao_Paulo',
      toExcluded: true,
      ...EXPECTED,
    });
    expect(response.body.tenantId).toBeUndefined();
    expect(response.body.definitions.attendance).toContain('unmarked');
    const theirs = await request(app).get(`/admin/stats/reminders?from=${FROM}&to=${TO}`).set(bearer(other.apiKey)).expect(200);
    expect(theirs.body).toMatchObject({
      remindedAppointments: 1,
      confirmedThroughReminder: 1,
      attendance: { confirmed: { started: 1, noShow: 1, noShowRate: 1 } },
    });
    const bad = await request(app).get(`/admin/stats/reminders?from=${TO}&to=${FROM}`).set(bearer(tenant.apiKey)).expect(400);
    expect(bad.body.error.details).toEqual([{ path: 'query.to', message: 'must be after from' }]);
    await request(app).get(`/admin/stats/reminders?from=${FROM}&to=${TO}`).expect(401);
  });

  it('when npm run report -- reminders runs for the tenant, then it prints the same figures as tables', async () => {
    const result = await report(['reminders', '--from', FROM, '--to', TO, '--tenant', tenant.slug], { DATABASE_URL: database.url });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const rows = result.stdout.split('\n').map((line) => line.trim().split(/\s{2,}/));
    expect(result.stdout).toContain(`Tenant ${tenant.slug} (America/Sao_Paulo)`);
    expect(result.stdout).toContain(saoPauloInstant(FROM, '00:00').toISOString());
    expect(rows).toContainEqual(['reminded appointments', '15']);
    expect(rows).toContainEqual(['confirmed through a reminder', '6', '40.0 %']);
    expect(rows).toContainEqual(['cancelled through a reminder', '1', '6.7 %']);
    expect(rows).toContainEqual(['asked to reschedule (Remarcar)', '2']);
    expect(rows).toContainEqual(['rescheduled through a reminder', '2']);
    expect(rows).toContainEqual(['attendance', 'started', 'attended', 'no-show', 'unmarked', 'no-show rate']);
    expect(rows).toContainEqual(['confirmed', '5', '3', '1', '1', '25.0 %']);
    expect(rows).toContainEqual(['unconfirmed', '6', '3', '2', '1', '40.0 %']);
  });

  it('when npm run report -- reminders runs without --tenant, then it prints one section per tenant, each over its own local days', async () => {
    const all = await report(['reminders', '--from', FROM, '--to', TO], { DATABASE_URL: database.url });
    expect(all.code).toBe(0);
    const sections = all.stdout.split(/\n(?=Tenant )/);
    const mine = sections.find((section) => section.startsWith(`Tenant ${tenant.slug} `)) ?? '';
    const theirs = sections.find((section) => section.startsWith(`Tenant ${other.slug} `)) ?? '';
    expect(mine).toMatch(/reminded appointments\s+15\n/);
    expect(theirs).toMatch(/reminded appointments\s+1\n/);
  });

  it('when npm run report -- reminders misses an argument, then it names the problem, shows the usage and exits 2', async () => {
    const missing = await report(['reminders', '--from', FROM], { DATABASE_URL: database.url });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('usage: npm run report -- handoffs');
    expect(missing.stderr).toContain('npm run report -- reminders');
  });
});
