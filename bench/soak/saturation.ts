import type { CapacitySample } from './capacity-sample.js';
import { sessionsOf } from './connection-groups.js';
import {
  average,
  coresOf,
  type Finding,
  findSaturations,
  PROCESS_CORE_LIMIT,
  poolSizeOf,
  type SaturatedResource,
  type SaturationLimits,
  SUSTAINED_SAMPLES,
  windowOf,
} from './saturation-findings.js';

export type { SaturatedResource, SaturationLimits } from './saturation-findings.js';

export interface QueueGrowth {
  runnableAtStart: number;
  runnableAtDriveEnd: number;
  runnablePeak: number;
  /** the longest any runnable job had been due at a sample (ms) */
  oldestRunnableMaxMs: number;
}

/** The part nearest its limit over a sustained stretch, as a share of that limit. */
export interface Busiest {
  part: string;
  shareOfLimit: number;
}

export type SaturationVerdict =
  | {
      saturated: true;
      resource: SaturatedResource;
      /** which process, pool or statement; for machine CPU, which part used most of it */
      part: string;
      evidence: string;
      firstAtSecond: number;
      /** inbound messages per second sent over the stretch that saturated */
      offeredRateThen: number;
      busiest: Busiest;
      queue: QueueGrowth;
    }
  | { saturated: false; evidence: string; busiest: Busiest; queue: QueueGrowth };

/**
 * Which resource saturated first, from the capacity sampler's seconds: the earliest stretch
 * of SUSTAINED_SAMPLES at its limit (saturation-findings.ts; on a tie, the more specific
 * resource is named). Not saturated names the part that came nearest its limit. Pure.
 */
export function judgeSaturation(samples: CapacitySample[], limits: SaturationLimits): SaturationVerdict {
  const queue = queueGrowth(samples, limits.driveEndSecond);
  const busiest = busiestPart(samples, limits);
  const first = findSaturations(samples, limits).reduce<Finding | undefined>(
    (best, finding) => (!best || finding.start < best.start ? finding : best),
    undefined,
  );
  if (!first) {
    const evidence = `busiest ${busiest.part} at ${Math.round(busiest.shareOfLimit * 100)}% of its limit`;
    return { saturated: false, evidence, busiest, queue };
  }
  const stretchStart = samples[first.start] as CapacitySample;
  return {
    saturated: true,
    resource: first.resource,
    part: first.part,
    evidence: first.evidence,
    firstAtSecond: stretchStart.atSecond - stretchStart.intervalSeconds,
    offeredRateThen: sendRate(samples, first.start, first.start + SUSTAINED_SAMPLES - 1),
    busiest,
    queue,
  };
}

function busiestPart(samples: CapacitySample[], limits: SaturationLimits): Busiest {
  const candidates: Busiest[] = [];
  const peak = (score: (sample: CapacitySample) => number) => {
    let best = 0;
    for (let start = 0; start + SUSTAINED_SAMPLES <= samples.length; start++)
      best = Math.max(best, average(windowOf(samples, start).map(score)));
    return best;
  };
  candidates.push({ part: 'machine CPU', shareOfLimit: peak((sample) => sample.machine.busyCores) / limits.cores });
  for (const name of new Set(samples.flatMap((sample) => sample.processes.map((entry) => entry.name))))
    candidates.push({ part: name, shareOfLimit: peak((sample) => coresOf(sample, name)) / PROCESS_CORE_LIMIT });
  candidates.push({ part: 'PostgreSQL CPU', shareOfLimit: peak((sample) => sample.postgresCores ?? 0) / limits.cores });
  candidates.push({
    part: 'worker slots',
    shareOfLimit: peak((sample) => sample.database?.queue.running ?? 0) / Math.max(1, limits.workerSlots),
  });
  for (const name of new Set(samples.flatMap((sample) => sample.database?.connections.map((group) => group.name) ?? []))) {
    const group = samples.flatMap((sample) => sample.database?.connections ?? []).find((entry) => entry.name === name);
    const size = group ? poolSizeOf(group, limits.poolSizes) : undefined;
    if (size === undefined) continue;
    const sessions = (sample: CapacitySample) =>
      sessionsOf(sample.database?.connections.find((group) => group.name === name) ?? emptyGroup);
    candidates.push({ part: `${name} pool`, shareOfLimit: peak(sessions) / size });
  }
  return candidates.reduce((best, candidate) => (candidate.shareOfLimit > best.shareOfLimit ? candidate : best));
}

const emptyGroup = { name: '', active: 0, idle: 0, idleInTransaction: 0, other: 0 };

function queueGrowth(samples: CapacitySample[], driveEndSecond: number): QueueGrowth {
  const withQueue = samples.filter((sample) => sample.database !== undefined);
  const runnable = (sample: CapacitySample | undefined) => sample?.database?.queue.runnable ?? 0;
  const inDrive = withQueue.filter((sample) => sample.atSecond <= driveEndSecond);
  return {
    runnableAtStart: runnable(withQueue[0]),
    runnableAtDriveEnd: runnable(inDrive.at(-1)),
    runnablePeak: Math.max(0, ...withQueue.map(runnable)),
    oldestRunnableMaxMs: Math.max(0, ...withQueue.map((sample) => sample.database?.queue.oldestRunnableMs ?? 0)),
  };
}

/** Distinct inbound messages per second sent from the start of sample `first` to the end of sample `last`. */
export function sendRate(samples: CapacitySample[], first: number, last: number): number {
  const end = samples[last] ?? samples.at(-1);
  const start = samples[first];
  if (!end || !start) return 0;
  const before = samples[first - 1];
  const sentBefore = before?.messagesSent ?? 0;
  const from = before?.atSecond ?? start.atSecond - start.intervalSeconds;
  return (end.messagesSent - sentBefore) / Math.max(0.001, end.atSecond - from);
}
