import { describe, expect, it } from 'vitest';
import type { LockWait } from '../../../bench/soak/capacity-sample.js';
import { judgeSaturation } from '../../../bench/soak/saturation.js';
import { from, group, LIMITS, QUIET_CONNECTIONS, series } from './capacity-series.js';

describe('saturation verdict', () => {
  it('when every part stays well under its limit, then nothing saturated and the busiest part is named with its share', () => {
    const verdict = judgeSaturation(series(30), LIMITS);
    expect(verdict).toMatchObject({ saturated: false, busiest: { part: 'machine CPU', shareOfLimit: 0.3 } });
    expect(verdict.evidence).toBe('busiest machine CPU at 30% of its limit');
    expect(verdict.queue).toEqual({ runnableAtStart: 0, runnableAtDriveEnd: 0, runnablePeak: 0, oldestRunnableMaxMs: 0 });
  });

  it('when the machine stays busy, then machine CPU saturated first, at the right second and rate, and the part that used most is named', () => {
    const verdict = judgeSaturation(series(30, from(10, { machine: 3.8, postgres: 1.5, worker2: 0.8 })), LIMITS);
    expect(verdict).toMatchObject({ saturated: true, resource: 'machine CPU', part: 'PostgreSQL', firstAtSecond: 10, offeredRateThen: 5 });
    expect(verdict.evidence).toContain('machine 3.80 of 4 cores busy for 5 s: PostgreSQL 1.50, worker 1.00');
  });

  it('when a worker process sits at a core while the machine fills up too, then the worker process is named', () => {
    const verdict = judgeSaturation(series(30, from(12, { worker2: 0.95, machine: 3.7 })), LIMITS);
    expect(verdict).toMatchObject({ saturated: true, resource: 'worker process', part: 'worker-2', firstAtSecond: 12 });
    expect(verdict.evidence).toContain('worker-2 at 0.95 core');
  });

  it('when a web process sits at a core, then web saturated', () => {
    const verdict = judgeSaturation(series(30, from(8, { web1: 0.97 })), LIMITS);
    expect(verdict).toMatchObject({ saturated: true, resource: 'web', part: 'web-1', firstAtSecond: 8 });
  });

  it('when PostgreSQL takes nearly every core, then PostgreSQL CPU is named rather than the machine', () => {
    const verdict = judgeSaturation(series(30, from(5, { postgres: 3.7, machine: 3.95 })), LIMITS);
    expect(verdict).toMatchObject({ saturated: true, resource: 'PostgreSQL CPU', part: 'PostgreSQL', firstAtSecond: 5 });
  });

  it('when the worker slots are full and runnable jobs pile up behind them, then worker slots saturated', () => {
    const verdict = judgeSaturation(
      series(30, (index) => (index >= 10 ? { running: 95, runnable: 4 * (index - 9) } : {})),
      LIMITS,
    );
    expect(verdict).toMatchObject({ saturated: true, resource: 'worker slots', firstAtSecond: 10 });
    expect(verdict.evidence).toBe('95 of 96 worker slots running, runnable jobs 4 → 20 in 5 s');
    expect(verdict.queue).toMatchObject({ runnableAtStart: 0, runnableAtDriveEnd: 80, runnablePeak: 80 });
  });

  it('when the worker slots are full but nothing waits behind them, then it is only busy', () => {
    const verdict = judgeSaturation(series(30, from(10, { running: 96, runnable: 0 })), LIMITS);
    expect(verdict).toMatchObject({ saturated: false, busiest: { part: 'worker slots', shareOfLimit: 1 } });
  });

  it('when a pool is at its size with no session to spare, then database connections saturated, naming the pool', () => {
    const full = [...QUIET_CONNECTIONS.slice(0, 2), group('worker-1 db', 'db', { active: 50, idle: 0 })];
    const verdict = judgeSaturation(series(30, from(6, { connections: full })), LIMITS);
    expect(verdict).toMatchObject({ saturated: true, resource: 'database connections', part: 'worker-1 db pool', firstAtSecond: 6 });
    expect(verdict.evidence).toBe('worker-1 db pool at 50/50 sessions, 0 idle (5 of 5 s)');
  });

  it('when many sessions sit idle in a transaction, then database connections saturated', () => {
    const holding = [...QUIET_CONNECTIONS, group('web-2 (unnamed)', undefined, { idleInTransaction: 6 })];
    const verdict = judgeSaturation(series(30, from(14, { connections: holding })), LIMITS);
    expect(verdict).toMatchObject({ saturated: true, resource: 'database connections', part: 'sessions idle in a transaction' });
  });

  it('when sessions keep waiting on locks, then database locks saturated, with the statement they wait in', () => {
    const wait = (query: string): LockWait => ({ waitEvent: 'transactionid', blockedBy: 1, query, group: 'worker-1 db', waitingMs: 300 });
    const lockWaits = [wait('UPDATE conversations SET'), wait('UPDATE conversations SET'), wait('SELECT 1 FROM appointments')];
    const verdict = judgeSaturation(series(30, from(15, { lockWaits })), LIMITS);
    expect(verdict).toMatchObject({ saturated: true, resource: 'database locks', firstAtSecond: 15 });
    expect(verdict.evidence).toBe('3.0 sessions waiting on locks per second over 5 s; most: "UPDATE conversations SET (transactionid)"');
  });

  it('when a part hits its limit for a moment only, then nothing saturated', () => {
    const verdict = judgeSaturation(
      series(30, (index) => (index >= 10 && index < 13 ? { machine: 4, worker2: 1 } : {})),
      LIMITS,
    );
    expect(verdict.saturated).toBe(false);
  });

  it('when the offered rate ramps up, then the rate reported is the one sent while it saturated', () => {
    // sent = t²/2: the rate at second t is about t messages per second.
    const verdict = judgeSaturation(
      series(40, (index) => ({ sent: ((index + 1) * (index + 1)) / 2, ...(index >= 20 ? { machine: 3.9 } : {}) })),
      LIMITS,
    );
    expect(verdict).toMatchObject({ saturated: true, resource: 'machine CPU', firstAtSecond: 20 });
    if (verdict.saturated) expect(verdict.offeredRateThen).toBeCloseTo(22.5, 5);
  });
});
