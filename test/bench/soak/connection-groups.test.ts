import { describe, expect, it } from 'vitest';
import { groupConnections } from '../../../bench/soak/connection-groups.js';

describe('connection groups', () => {
  const processOfPid = new Map([
    [101, 'web-1'],
    [202, 'worker-1'],
  ]);

  it('when sessions carry the service names, then they group by process and purpose, liveness sessions in one group, others as they are', () => {
    const groups = groupConnections(
      [
        { applicationName: 'wa-agenda web 101 intake', state: 'active', clientPort: 5001 },
        { applicationName: 'wa-agenda web 101 intake', state: 'idle', clientPort: 5002 },
        { applicationName: 'wa-agenda worker 202 queue', state: 'idle in transaction', clientPort: 5003 },
        { applicationName: 'wa-agenda worker 999 db', state: 'active', clientPort: 5004 },
        { applicationName: 'wa-agenda-liveness:pool-a', state: 'idle', clientPort: 5005 },
        { applicationName: 'wa-agenda-worker:pool-b', state: 'idle', clientPort: 5006 },
        { applicationName: 'psql', state: 'fastpath function call', clientPort: 5007 },
        { applicationName: '', state: 'active', clientPort: 5008 },
        { applicationName: '', state: 'idle', clientPort: null },
      ],
      processOfPid,
      new Map([[5008, 202]]),
    );
    expect(groups).toEqual([
      { name: '(unnamed)', active: 0, idle: 1, idleInTransaction: 0, other: 0 },
      { name: 'liveness', purpose: 'liveness', active: 0, idle: 2, idleInTransaction: 0, other: 0 },
      { name: 'psql', active: 0, idle: 0, idleInTransaction: 0, other: 1 },
      { name: 'web-1 intake', process: 'web-1', purpose: 'intake', active: 1, idle: 1, idleInTransaction: 0, other: 0 },
      { name: 'worker 999 db', process: 'worker 999', purpose: 'db', active: 1, idle: 0, idleInTransaction: 0, other: 0 },
      { name: 'worker-1 (unnamed)', process: 'worker-1', active: 1, idle: 0, idleInTransaction: 0, other: 0 },
      { name: 'worker-1 queue', process: 'worker-1', purpose: 'queue', active: 0, idle: 0, idleInTransaction: 1, other: 0 },
    ]);
  });
});
