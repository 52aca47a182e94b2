import type { CapacitySample } from './capacity-sample.js';
import { LIVENESS_GROUP, sessionsOf } from './connection-groups.js';

/** A stretch must hold this many consecutive samples (about seconds): a GC pause, a checkpoint or a neighbour's job lasts one or two. */
export const SUSTAINED_SAMPLES = 5;
/** Busy at or above this share of its limit counts as saturated: sampled CPU never quite reaches 100 % (ticks, the sampler's own wake-ups). */
export const CPU_SATURATED_SHARE = 0.9;
/** A Node process runs its JavaScript on one core: at 0.9 of it, its event loop has no room left. */
export const PROCESS_CORE_LIMIT = 1;
/** Worker slots count as full when this share of WORKER_CONCURRENCY × workers runs (a slot between two jobs reads as free). */
export const SLOTS_FULL_SHARE = 0.9;
/** For yes/no signals (slots full, pool at its size, lock waits): this share of a stretch's samples, so one lucky sample does not break it. */
export const SIGNAL_SHARE = 0.8;
/** A pool at its size with at most this many idle sessions is exhausted: graphile-worker keeps one LISTEN session idle for good. */
export const POOL_IDLE_SLACK = 1;
/** This many sessions idle in a transaction hold connections (and their locks) while the process does something else. */
export const IDLE_IN_TRANSACTION_MANY = 5;
/** This many sessions waiting on a lock in a sample: one waiter is a normal race (two customers, one slot); a queue of them is contention. */
export const LOCK_WAITERS_MANY = 2;

export type SaturatedResource =
  | 'worker process'
  | 'web'
  | 'PostgreSQL CPU'
  | 'worker slots'
  | 'database connections'
  | 'database locks'
  | 'machine CPU';

export interface SaturationLimits {
  /** os.availableParallelism() where the soak ran */
  cores: number;
  /** WORKER_CONCURRENCY × worker processes */
  workerSlots: number;
  /** each pool's size by `<role> <purpose>` of its sessions (`wa-agenda <role> <pid> <purpose>`), as the service configures them */
  poolSizes: Record<string, number>;
  /** `atSecond` at which the drive ended (the rest is the drain) */
  driveEndSecond: number;
}

/** A resource seen at its limit for a sustained stretch from sample `start` on. */
export interface Finding {
  resource: SaturatedResource;
  part: string;
  start: number;
  evidence: string;
}

/**
 * Every resource seen at its limit for a sustained stretch, one finding each (for a process,
 * one per process), in the order a tie is broken: the more specific resource (a process, the
 * slots, the pools, the locks) explains the machine-wide one. Pure: thresholds are the constants above.
 */
export function findSaturations(samples: CapacitySample[], limits: SaturationLimits): Finding[] {
  return [
    ...processFindings(samples, 'worker', 'worker process'),
    ...processFindings(samples, 'web', 'web'),
    postgresFinding(samples, limits),
    slotsFinding(samples, limits),
    connectionsFinding(samples, limits),
    locksFinding(samples),
    machineFinding(samples, limits),
  ].filter((finding): finding is Finding => finding !== undefined);
}

/**
 * The first window of SUSTAINED_SAMPLES that starts with a sample at `atLeast` and whose mean
 * score reaches it too, with that mean: the stretch begins at its first sample at the limit.
 */
export function firstSustained(samples: CapacitySample[], score: (sample: CapacitySample) => number, atLeast: number) {
  const scores = samples.map(score);
  for (let start = 0; start + SUSTAINED_SAMPLES <= scores.length; start++) {
    const window = scores.slice(start, start + SUSTAINED_SAMPLES);
    const mean = average(window);
    if ((window[0] as number) >= atLeast && mean >= atLeast) return { start, mean };
  }
  return undefined;
}

export const windowOf = (samples: CapacitySample[], start: number) => samples.slice(start, start + SUSTAINED_SAMPLES);

function processFindings(samples: CapacitySample[], role: 'web' | 'worker', resource: SaturatedResource): Finding[] {
  const names = [
    ...new Set(samples.flatMap((sample) => sample.processes.filter((entry) => entry.role === role).map((entry) => entry.name))),
  ];
  return names.flatMap((name) => {
    const found = firstSustained(samples, (sample) => coresOf(sample, name), CPU_SATURATED_SHARE * PROCESS_CORE_LIMIT);
    if (!found) return [];
    const evidence = `${name} at ${found.mean.toFixed(2)} core for ${SUSTAINED_SAMPLES} s (a Node process runs its JavaScript on one core)`;
    return [{ resource, part: name, start: found.start, evidence }];
  });
}

function postgresFinding(samples: CapacitySample[], limits: SaturationLimits): Finding | undefined {
  const found = firstSustained(samples, (sample) => sample.postgresCores ?? 0, CPU_SATURATED_SHARE * limits.cores);
  if (!found) return undefined;
  const evidence = `PostgreSQL at ${found.mean.toFixed(2)} of ${limits.cores} cores for ${SUSTAINED_SAMPLES} s`;
  return { resource: 'PostgreSQL CPU', part: 'PostgreSQL', start: found.start, evidence };
}

function slotsFinding(samples: CapacitySample[], limits: SaturationLimits): Finding | undefined {
  const full = (sample: CapacitySample) => ((sample.database?.queue.running ?? 0) >= SLOTS_FULL_SHARE * limits.workerSlots ? 1 : 0);
  for (let start = 0; start + SUSTAINED_SAMPLES <= samples.length; start++) {
    const stretch = windowOf(samples, start);
    if (full(stretch[0] as CapacitySample) === 0 || average(stretch.map(full)) < SIGNAL_SHARE) continue;
    const runnable = stretch.map((sample) => sample.database?.queue.runnable ?? 0);
    // Full slots alone are a busy service; with the runnable jobs piling up behind them, it is saturated.
    if ((runnable.at(-1) as number) <= (runnable[0] as number)) continue;
    const running = average(stretch.map((sample) => sample.database?.queue.running ?? 0));
    const evidence = `${running.toFixed(0)} of ${limits.workerSlots} worker slots running, runnable jobs ${runnable[0]} → ${runnable.at(-1)} in ${SUSTAINED_SAMPLES} s`;
    return { resource: 'worker slots', part: 'worker slots', start, evidence };
  }
  return undefined;
}

/** The size of the pool a session group belongs to: by its process's role (web-1 → web) and purpose. */
export function poolSizeOf(group: { process?: string; purpose?: string }, poolSizes: Record<string, number>): number | undefined {
  if (group.process === undefined || group.purpose === undefined || group.purpose === LIVENESS_GROUP) return undefined;
  return poolSizes[`${group.process.replace(/-\d+$/, '')} ${group.purpose}`];
}

/** The pool at its size with no session to spare, or the sessions idle in a transaction, in one sample. */
function connectionPressure(sample: CapacitySample, limits: SaturationLimits): { part: string; text: string } | undefined {
  const groups = sample.database?.connections ?? [];
  for (const group of groups) {
    const size = poolSizeOf(group, limits.poolSizes);
    if (size !== undefined && sessionsOf(group) >= size && group.idle <= POOL_IDLE_SLACK)
      return { part: `${group.name} pool`, text: `${group.name} pool at ${sessionsOf(group)}/${size} sessions, ${group.idle} idle` };
  }
  const idleInTransaction = groups.reduce((sum, group) => sum + group.idleInTransaction, 0);
  if (idleInTransaction >= IDLE_IN_TRANSACTION_MANY)
    return { part: 'sessions idle in a transaction', text: `${idleInTransaction} sessions idle in a transaction` };
  return undefined;
}

function connectionsFinding(samples: CapacitySample[], limits: SaturationLimits): Finding | undefined {
  const found = firstSustained(samples, (sample) => (connectionPressure(sample, limits) ? 1 : 0), SIGNAL_SHARE);
  if (!found) return undefined;
  const pressure = windowOf(samples, found.start)
    .map((sample) => connectionPressure(sample, limits))
    .find((entry) => entry !== undefined) as { part: string; text: string };
  const evidence = `${pressure.text} (${Math.round(found.mean * SUSTAINED_SAMPLES)} of ${SUSTAINED_SAMPLES} s)`;
  return { resource: 'database connections', part: pressure.part, start: found.start, evidence };
}

function locksFinding(samples: CapacitySample[]): Finding | undefined {
  const found = firstSustained(samples, (sample) => ((sample.database?.lockWaits.length ?? 0) >= LOCK_WAITERS_MANY ? 1 : 0), SIGNAL_SHARE);
  if (!found) return undefined;
  const waits = windowOf(samples, found.start).flatMap((sample) => sample.database?.lockWaits ?? []);
  const top = topStatement(waits.map((wait) => `${wait.query} (${wait.waitEvent})`));
  const evidence = `${(waits.length / SUSTAINED_SAMPLES).toFixed(1)} sessions waiting on locks per second over ${SUSTAINED_SAMPLES} s; most: "${top}"`;
  return { resource: 'database locks', part: top, start: found.start, evidence };
}

function machineFinding(samples: CapacitySample[], limits: SaturationLimits): Finding | undefined {
  const found = firstSustained(samples, (sample) => sample.machine.busyCores, CPU_SATURATED_SHARE * limits.cores);
  if (!found) return undefined;
  const stretch = windowOf(samples, found.start);
  const parts = Object.entries(machineParts(stretch)).sort((a, b) => b[1] - a[1]);
  const [topPart] = parts[0] as [string, number];
  const shares = parts.map(([part, cores]) => `${part} ${cores.toFixed(2)}`).join(', ');
  const evidence = `machine ${found.mean.toFixed(2)} of ${limits.cores} cores busy for ${SUSTAINED_SAMPLES} s: ${shares}`;
  return { resource: 'machine CPU', part: topPart, start: found.start, evidence };
}

/** Mean cores by part over some samples; `outside the soak` is what the machine used beyond every measured part. */
export function machineParts(samples: CapacitySample[]): Record<string, number> {
  const mean = (pick: (sample: CapacitySample) => number) => average(samples.map(pick));
  const roleCores = (sample: CapacitySample, role: 'web' | 'worker') =>
    sample.processes.filter((entry) => entry.role === role).reduce((sum, entry) => sum + entry.cores, 0);
  const parts = {
    worker: mean((sample) => roleCores(sample, 'worker')),
    web: mean((sample) => roleCores(sample, 'web')),
    PostgreSQL: mean((sample) => sample.postgresCores ?? 0),
    'soak driver': mean((sample) => sample.soakCores),
  };
  const measured = Object.values(parts).reduce((sum, value) => sum + value, 0);
  return { ...parts, 'outside the soak': Math.max(0, mean((sample) => sample.machine.busyCores) - measured) };
}

/** The statement seen most often. */
function topStatement(statements: string[]): string {
  const counts = new Map<string, number>();
  for (const statement of statements) counts.set(statement, (counts.get(statement) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
}

export const coresOf = (sample: CapacitySample, name: string) => sample.processes.find((entry) => entry.name === name)?.cores ?? 0;

export const average = (values: number[]) => (values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length);
