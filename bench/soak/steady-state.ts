import type { CapacitySample } from './capacity-sample.js';

/** The share of the drive cut off at each end: customers still arriving, or the last ones finishing. */
const EDGE_SHARE = 0.1;

export interface SteadyStateCost {
  /** the window: seconds since the drive started */
  fromSecond: number;
  toSecond: number;
  messages: number;
  /** inbound messages per second in the window */
  rate: number;
  /** CPU per inbound message in the window (ms), by part; PostgreSQL only for an embedded server */
  perMessageMs: { web: number; worker: number; postgres: number; all: number };
}

/**
 * CPU per message over the middle of the drive (the first and last 10 % of the seconds in which
 * messages were sent are left out), from the capacity sampler's seconds. The whole-run figure
 * also carries start-up (code warming up, empty caches) and the drain's idle seconds, which a
 * short run spreads over fewer messages: this is the figure to compare runs of different
 * lengths at one rate. Undefined when the drive was too short to have a middle.
 */
export function steadyStateCost(samples: CapacitySample[]): SteadyStateCost | undefined {
  const total = samples.at(-1)?.messagesSent ?? 0;
  const driveEnd = samples.findIndex((sample) => sample.messagesSent >= total);
  if (total === 0 || driveEnd < 10) return undefined;
  const from = Math.floor(driveEnd * EDGE_SHARE);
  const to = Math.floor(driveEnd * (1 - EDGE_SHARE));
  const window = samples.slice(from + 1, to + 1);
  const messages = (samples[to]?.messagesSent ?? 0) - (samples[from]?.messagesSent ?? 0);
  if (messages <= 0) return undefined;
  const cpuSeconds = (cores: (sample: CapacitySample) => number) =>
    window.reduce((sum, sample) => sum + cores(sample) * sample.intervalSeconds, 0);
  const ofRole = (role: 'web' | 'worker') => (sample: CapacitySample) =>
    sample.processes.filter((entry) => entry.role === role).reduce((sum, entry) => sum + entry.cores, 0);
  const web = cpuSeconds(ofRole('web'));
  const worker = cpuSeconds(ofRole('worker'));
  const postgres = cpuSeconds((sample) => sample.postgresCores ?? 0);
  const seconds = window.reduce((sum, sample) => sum + sample.intervalSeconds, 0);
  const ms = (value: number) => (value * 1000) / messages;
  return {
    fromSecond: samples[from]?.atSecond ?? 0,
    toSecond: samples[to]?.atSecond ?? 0,
    messages,
    rate: messages / Math.max(0.001, seconds),
    perMessageMs: { web: ms(web), worker: ms(worker), postgres: ms(postgres), all: ms(web + worker + postgres) },
  };
}
