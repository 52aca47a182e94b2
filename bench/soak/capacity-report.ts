import type { CapacityFigures } from './capacity-summary.js';
import type { SaturationVerdict } from './saturation.js';

/** What a message cost the database over the load: PostgreSQL CPU and pg_stat_wal's figures. */
export interface DatabaseCost {
  inboundMessages: number;
  /** PostgreSQL CPU seconds from the first message until the queue was quiet (0 for an outside server) */
  postgresCpuSeconds: number;
  wal: { records: number; fpi: number; bytes: number };
}

/** The report's capacity rows: cores by part, sessions, lock waits, the queue, the database's cost per message. */
export function capacityRows(capacity: CapacityFigures, cost: DatabaseCost): [string, string, string][] {
  const rows: [string, string, string][] = [];
  const row = (name: string, value: string, note = '') => rows.push([name, value, note]);
  const cores = (entries: CapacityFigures['coresByPart']) =>
    entries.map((entry) => `${entry.part} ${entry.peak.toFixed(2)}/${entry.mean.toFixed(2)}`).join(', ');
  const service = capacity.coresByPart.filter((entry) => /^(web|worker)-\d+$/.test(entry.part));
  const others = capacity.coresByPart.filter((entry) => !service.includes(entry));
  row('capacity: cores peak/mean (service)', cores(service), `per second; ${capacity.samples} samples, ${capacity.cores} cores`);
  row('capacity: cores peak/mean (others)', cores(others));
  row(
    'capacity: database sessions (peak)',
    capacity.connectionsPeak.map((entry) => `${entry.owner} ${entry.sessions}`).join(', ') || '–',
    `idle in transaction at most ${capacity.idleInTransactionPeak}`,
  );
  row(
    'capacity: lock waits',
    `${capacity.lockWaits.samples} of ${capacity.samples} samples`,
    capacity.lockWaits.top ? `most: "${capacity.lockWaits.top}"` : '',
  );
  const { queue } = capacity.verdict;
  row(
    'capacity: runnable jobs start / peak / drive end',
    `${queue.runnableAtStart} / ${queue.runnablePeak} / ${queue.runnableAtDriveEnd}`,
    `oldest runnable ${(queue.oldestRunnableMaxMs / 1000).toFixed(1)} s; running peak ${capacity.queue.runningPeak} of ${capacity.workerSlots} slots`,
  );
  const steady = capacity.steadyState;
  if (steady) {
    const { web, worker, postgres, all } = steady.perMessageMs;
    row(
      'steady state: CPU per message (web / worker / PostgreSQL)',
      `${web.toFixed(1)} / ${worker.toFixed(1)} / ${postgres.toFixed(1)} ms, ${all.toFixed(1)} ms in all`,
      `${steady.fromSecond.toFixed(0)}–${steady.toSecond.toFixed(0)} s of the drive, ${steady.messages} messages at ${steady.rate.toFixed(1)} msg/s`,
    );
  }
  const per = (value: number) => value / Math.max(1, cost.inboundMessages);
  row(
    'PostgreSQL per inbound message',
    `${cost.postgresCpuSeconds > 0 ? `${(per(cost.postgresCpuSeconds) * 1000).toFixed(1)} ms CPU` : '– CPU (outside server)'}, ${per(cost.wal.records).toFixed(0)} WAL records (${per(cost.wal.fpi).toFixed(1)} full-page), ${(per(cost.wal.bytes) / 1024).toFixed(1)} KiB`,
    'pg_stat_wal, whole server',
  );
  return rows;
}

/** "saturated: <resource> at <t> s (<evidence>)", or "not saturated: busiest <part> at <x>% of its limit". */
export function capacityVerdictLine(verdict: SaturationVerdict): string {
  if (!verdict.saturated) return `not saturated: ${verdict.evidence}`;
  return `saturated: ${verdict.resource} at ${verdict.firstAtSecond.toFixed(0)} s (${verdict.evidence}); offered then ${verdict.offeredRateThen.toFixed(1)} inbound msg/s`;
}
