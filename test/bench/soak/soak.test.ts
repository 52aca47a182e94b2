import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { formatSoakReport } from '../../../bench/soak/report.js';
import { runSoak, type SoakResult } from '../../../bench/soak/run-soak.js';

// The small soak of `npm test`: the built service as 2 web + 2 worker processes on a
// throwaway database, 20 customers × 3 messages with duplicated webhooks, bursts, racing
// customers, model and Graph errors, and one worker killed with SIGKILL mid-run.
describe('small soak: 2 web + 2 worker processes under faults', () => {
  let result: SoakResult;

  beforeAll(() => {
    const build = spawnSync(process.execPath, ['scripts/build.mjs'], {
      cwd: path.resolve(import.meta.dirname, '../../..'),
      stdio: 'inherit',
    });
    expect(build.status).toBe(0);
  }, 120_000);

  it('when 20 customers write through duplicates, bursts, races, API errors and a worker SIGKILL, then nothing is lost, nothing is answered twice, nothing is double-booked and every chat is answered or handed off', async () => {
    const lines: string[] = [];
    result = await runSoak({
      customers: 20,
      messagesPerCustomer: 3,
      tenants: 2,
      webProcesses: 2,
      workerProcesses: 2,
      workerKills: 1,
      workerConcurrency: 8,
      debounceMs: 300,
      modelLatencyMs: [30, 150],
      modelErrorRate: 0.1,
      graphLatencyMs: [5, 25],
      graphErrorRate: 0.05,
      duplicateRate: 0.2,
      arrivalWindowMs: 3000,
      replyTimeoutMs: 20_000,
      thinkMs: [50, 300],
      burstGapMs: [50, 150],
      delayedDuplicateMs: [200, 1500],
      drainTimeoutMs: 20_000,
      seed: 8,
      // Two customers book Coloração whatever the day's draws give: the deposit checks below need a charge.
      depositBookers: 2,
      serverUrl: inject('testServerUrl'),
      log: (line) => lines.push(line),
    });
    const report = formatSoakReport(result.figures, result.checks);
    expect(result.failures, `${report}\n${lines.join('\n')}\nlogs: ${result.logDir}`).toEqual([]);

    const { checks, figures } = result;
    expect(checks.inboundStored).toBe(checks.inboundSent);
    expect(checks.inboundSent).toBe(60);
    expect(checks.duplicateReplies).toEqual([]);
    expect(checks.doubleBookings).toBe(0);
    // Coloração waits for a Pix deposit: some were paid (signed notification → booked), some
    // lapsed (hold run out → slot freed), and no appointment is left holding a slot unpaid.
    // How many Coloração bookings a 20-customer run makes varies with the injected faults (a
    // handoff instead of a booking), and the payer alternates pay and lapse from the first: a run
    // with one charge has paid it and lapsed none. The full soak (30 charges) shows both.
    expect(checks.deposits.charged, `${report}\nlogs: ${result.logDir}`).toBeGreaterThanOrEqual(1);
    expect(checks.deposits.approved).toBeGreaterThanOrEqual(1);
    expect(checks.deposits.approvedNotBooked).toBe(0);
    expect(checks.deposits.lapsedNotFreed).toBe(0);
    expect(checks.deposits.stuckPendingPayment).toBe(0);
    expect(checks.deposits.notificationsRefused).toBe(0);
    // Every fifth customer ends on the waitlist for its day; the cancellations open slots, the
    // offers reach the phones and are tapped, and no offered slot is booked twice.
    expect(checks.waitlist.entries).toBeGreaterThanOrEqual(1);
    expect(checks.waitlist.taps).toBe(checks.waitlist.offersDelivered);
    expect(checks.waitlist.offeredSlotsBookedTwice).toBe(0);
    expect(checks.unanswered).toEqual([]);
    expect(checks.conversations).toBe(20);
    // The faults really happened, and the scripted chats really went through the tools.
    expect(figures.workerKills).toBe(1);
    // The kill cut one of that worker's sends mid-request: Meta took it, the worker never knew,
    // and the outbox still recorded it (status webhook) instead of sending it again.
    expect(checks.lostResponses.total).toBeGreaterThanOrEqual(1);
    expect(checks.lostResponses.recorded).toBe(checks.lostResponses.total);
    expect(checks.orphanSends).toBe(0);
    expect(figures.duplicatesDelivered).toBeGreaterThan(0);
    expect(figures.burstTurns).toBeGreaterThan(0);
    expect(figures.modelErrorsInjected).toBeGreaterThan(0);
    expect(checks.appointmentsBooked + checks.appointmentsCancelled).toBeGreaterThan(0);
    expect(figures.repliesDelivered).toBeGreaterThanOrEqual(20);

    // The capacity sampler ran every second of the load, through the SIGKILL and restart.
    const { samples } = result;
    expect(samples.length).toBeGreaterThanOrEqual(5);
    expect(samples.every((sample) => sample.processes.length === 4 && sample.processes.every((entry) => entry.cores >= 0))).toBe(true);
    expect(samples.some((sample) => sample.processes.some((entry) => entry.name.startsWith('worker-') && entry.restarted))).toBe(true);
    const connections = samples.flatMap((sample) => sample.database?.connections ?? []);
    for (const process of ['web-1', 'web-2', 'worker-1', 'worker-2'])
      expect(
        connections.some((group) => group.process === process),
        `${process}'s sessions`,
      ).toBe(true);
    expect(samples.some((sample) => (sample.database?.queue.running ?? 0) > 0)).toBe(true);
    const capacity = figures.capacity;
    expect(capacity?.coresByPart.find((entry) => entry.part === 'worker-1')?.peak).toBeGreaterThan(0);
    expect(capacity?.connectionsPeak.find((entry) => entry.owner === 'worker-1')?.sessions).toBeGreaterThan(0);
    expect(report).toMatch(/^capacity: (saturated: .+ at \d+ s \(.+\)|not saturated: busiest .+ at \d+% of its limit)/m);
    expect(figures.writes.wal.records).toBeGreaterThan(0);
  }, 150_000);
});
