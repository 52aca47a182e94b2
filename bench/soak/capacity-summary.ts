import type { CapacitySample } from './capacity-sample.js';
import { sessionsOf } from './connection-groups.js';
import { judgeSaturation, type SaturationLimits, type SaturationVerdict } from './saturation.js';
import { coresOf } from './saturation-findings.js';
import { type SteadyStateCost, steadyStateCost } from './steady-state.js';

const SOAK_SESSION_PREFIX = 'wa-agenda-soak-';

/** What the report prints of the capacity sampler's seconds (the seconds themselves go to soak-samples.json). */
export interface CapacityFigures {
  /** os.availableParallelism() where the soak ran */
  cores: number;
  workerSlots: number;
  samples: number;
  /** per part, in cores: each service process, PostgreSQL (embedded only), the soak driver, the machine, what the machine used outside the soak */
  coresByPart: { part: string; peak: number; mean: number }[];
  /** database sessions per owner (a service process, or a group without one), at the busiest sample */
  connectionsPeak: { owner: string; sessions: number }[];
  idleInTransactionPeak: number;
  lockWaits: { samples: number; top?: string };
  queue: { runnablePeak: number; runningPeak: number };
  /** CPU per message over the middle of the drive (steady-state.ts) */
  steadyState?: SteadyStateCost;
  verdict: SaturationVerdict;
}

/** Sums up the samples and judges saturation (saturation.ts). Pure. */
export function summarizeCapacity(samples: CapacitySample[], limits: SaturationLimits): CapacityFigures {
  const part = (name: string, cores: (sample: CapacitySample) => number) => {
    const values = samples.map(cores);
    return { part: name, peak: Math.max(0, ...values), mean: values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length) };
  };
  const processNames = [...new Set(samples.flatMap((sample) => sample.processes.map((entry) => entry.name)))];
  const measured = (sample: CapacitySample) =>
    sample.processes.reduce((sum, entry) => sum + entry.cores, 0) + (sample.postgresCores ?? 0) + sample.soakCores;
  const coresByPart = [
    ...processNames.map((name) => part(name, (sample) => coresOf(sample, name))),
    ...(samples.some((sample) => sample.postgresCores !== undefined) ? [part('PostgreSQL', (sample) => sample.postgresCores ?? 0)] : []),
    part('soak driver', (sample) => sample.soakCores),
    part('machine', (sample) => sample.machine.busyCores),
    part('outside the soak', (sample) => Math.max(0, sample.machine.busyCores - measured(sample))),
  ];

  const peakByOwner = new Map<string, number>();
  let idleInTransactionPeak = 0;
  for (const sample of samples) {
    const byOwner = new Map<string, number>();
    for (const group of sample.database?.connections ?? []) {
      // The soak's own sessions (round-trip baseline, drain check) are one owner; the sampler's is never listed.
      const owner = group.process ?? (group.name.startsWith(SOAK_SESSION_PREFIX) ? 'soak driver' : group.name);
      byOwner.set(owner, (byOwner.get(owner) ?? 0) + sessionsOf(group));
    }
    for (const [owner, sessions] of byOwner) peakByOwner.set(owner, Math.max(peakByOwner.get(owner) ?? 0, sessions));
    idleInTransactionPeak = Math.max(
      idleInTransactionPeak,
      (sample.database?.connections ?? []).reduce((sum, group) => sum + group.idleInTransaction, 0),
    );
  }

  const waits = samples.flatMap((sample) => sample.database?.lockWaits ?? []);
  const statements = new Map<string, number>();
  for (const wait of waits) statements.set(wait.query, (statements.get(wait.query) ?? 0) + 1);
  const top = [...statements].sort((a, b) => b[1] - a[1])[0]?.[0];
  const steady = steadyStateCost(samples);
  return {
    cores: limits.cores,
    workerSlots: limits.workerSlots,
    samples: samples.length,
    coresByPart,
    connectionsPeak: [...peakByOwner].map(([owner, sessions]) => ({ owner, sessions })).sort((a, b) => a.owner.localeCompare(b.owner)),
    idleInTransactionPeak,
    lockWaits: { samples: samples.filter((sample) => (sample.database?.lockWaits.length ?? 0) > 0).length, ...(top ? { top } : {}) },
    queue: {
      runnablePeak: Math.max(0, ...samples.map((sample) => sample.database?.queue.runnable ?? 0)),
      runningPeak: Math.max(0, ...samples.map((sample) => sample.database?.queue.running ?? 0)),
    },
    ...(steady ? { steadyState: steady } : {}),
    verdict: judgeSaturation(samples, limits),
  };
}
