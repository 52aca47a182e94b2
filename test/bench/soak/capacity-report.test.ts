import { describe, expect, it } from 'vitest';
import { capacityRows, capacityVerdictLine } from '../../../bench/soak/capacity-report.js';
import { summarizeCapacity } from '../../../bench/soak/capacity-summary.js';
import { from, LIMITS, series } from './capacity-series.js';

const COST = { inboundMessages: 100, postgresCpuSeconds: 0.5, wal: { records: 30_000, fpi: 120, bytes: 2_048_000 } };

describe('capacity report', () => {
  it('when a worker process saturates, then the verdict line names it, the second, the evidence and the offered rate', () => {
    const capacity = summarizeCapacity(series(30, from(12, { worker2: 0.96, runnable: 7 })), LIMITS);
    expect(capacityVerdictLine(capacity.verdict)).toBe(
      'saturated: worker process at 12 s (worker-2 at 0.96 core for 5 s (a Node process runs its JavaScript on one core)); offered then 5.0 inbound msg/s',
    );
    const rows = Object.fromEntries(capacityRows(capacity, COST).map(([name, value, note]) => [name, `${value} | ${note}`]));
    expect(rows['capacity: cores peak/mean (service)']).toBe(
      'web-1 0.10/0.10, web-2 0.10/0.10, worker-1 0.20/0.20, worker-2 0.96/0.66 | per second; 30 samples, 4 cores',
    );
    expect(rows['capacity: cores peak/mean (others)']).toBe(
      'PostgreSQL 0.20/0.20, soak driver 0.10/0.10, machine 1.20/1.20, outside the soak 0.30/0.12 | ',
    );
    expect(rows['capacity: database sessions (peak)']).toBe(
      'liveness 2, soak driver 1, web-1 3, worker-1 12 | idle in transaction at most 0',
    );
    expect(rows['capacity: runnable jobs start / peak / drive end']).toBe('0 / 7 / 7 | oldest runnable 0.0 s; running peak 10 of 96 slots');
    expect(rows['PostgreSQL per inbound message']).toBe(
      '5.0 ms CPU, 300 WAL records (1.2 full-page), 20.0 KiB | pg_stat_wal, whole server',
    );
  });

  it('when nothing saturates, then the line says which part came nearest its limit', () => {
    expect(capacityVerdictLine(summarizeCapacity(series(30), LIMITS).verdict)).toBe(
      'not saturated: busiest machine CPU at 30% of its limit',
    );
  });

  it('when sessions wait on locks, then the report counts the samples and names the statement they wait in most', () => {
    const wait = { waitEvent: 'tuple', blockedBy: 1, query: 'UPDATE agent_runs SET', group: 'worker-1 db', waitingMs: 40 };
    const capacity = summarizeCapacity(
      series(30, (index) => (index % 10 === 0 ? { lockWaits: [wait] } : {})),
      LIMITS,
    );
    const lockRow = capacityRows(capacity, COST).find(([name]) => name === 'capacity: lock waits');
    expect(lockRow).toEqual(['capacity: lock waits', '3 of 30 samples', 'most: "UPDATE agent_runs SET"']);
  });
});
