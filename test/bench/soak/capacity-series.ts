import type { CapacitySample, ConnectionGroup, LockWait } from '../../../bench/soak/capacity-sample.js';
import type { SaturationLimits } from '../../../bench/soak/saturation.js';

// Hand-built capacity samples for the saturation and report tests: a quiet service on a 4-core
// machine with 2 web and 2 worker processes, which a test changes from some second on.

export const LIMITS: SaturationLimits = {
  cores: 4,
  workerSlots: 96,
  poolSizes: { 'web db': 10, 'web intake': 4, 'worker db': 50 },
  driveEndSecond: 30,
};

export interface Second {
  web1?: number;
  worker2?: number;
  postgres?: number;
  machine?: number;
  running?: number;
  runnable?: number;
  connections?: ConnectionGroup[];
  lockWaits?: LockWait[];
  sent?: number;
}

export const group = (name: string, purpose: string | undefined, counts: Partial<ConnectionGroup>): ConnectionGroup => ({
  name,
  process: name.split(' ')[0] as string,
  ...(purpose ? { purpose } : {}),
  active: 0,
  idle: 0,
  idleInTransaction: 0,
  other: 0,
  ...counts,
});

export const QUIET_CONNECTIONS = [
  group('web-1 intake', 'intake', { idle: 1 }),
  group('web-1 db', 'db', { active: 1, idle: 1 }),
  group('worker-1 db', 'db', { active: 8, idle: 4 }),
  { name: 'liveness', purpose: 'liveness', active: 0, idle: 2, idleInTransaction: 0, other: 0 },
  { name: 'wa-agenda-soak-baseline', active: 0, idle: 1, idleInTransaction: 0, other: 0 },
];

/** Sample `index` covers second [index, index + 1]: a quiet service at 5 msg/s unless `at(index)` says otherwise. */
export function series(length: number, at: (index: number) => Second = () => ({})): CapacitySample[] {
  return Array.from({ length }, (_, index) => {
    const second = at(index);
    return {
      atSecond: index + 1,
      intervalSeconds: 1,
      processes: [
        { name: 'web-1', role: 'web', pid: 11, cores: second.web1 ?? 0.1 },
        { name: 'web-2', role: 'web', pid: 12, cores: 0.1 },
        { name: 'worker-1', role: 'worker', pid: 21, cores: 0.2 },
        { name: 'worker-2', role: 'worker', pid: 22, cores: second.worker2 ?? 0.2 },
      ],
      postgresCores: second.postgres ?? 0.2,
      soakCores: 0.1,
      machine: { busyCores: second.machine ?? 1.2, load1: 1 },
      messagesSent: second.sent ?? 5 * (index + 1),
      database: {
        connections: second.connections ?? QUIET_CONNECTIONS,
        lockWaits: second.lockWaits ?? [],
        queue: { runnable: second.runnable ?? 0, waitingForQueue: 2, running: second.running ?? 10, scheduled: 4, oldestRunnableMs: 0 },
      },
    };
  });
}

export const from = (start: number, value: Second) => (index: number) => (index >= start ? value : {});
