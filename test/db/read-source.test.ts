import { describe, expect, it } from 'vitest';
import { advanceCatchUp, chooseReadSource, parseLsn } from '../../src/db/index.js';

const NOW = 1_000_000;
const up = (caughtUpTo: number) => ({ kind: 'up' as const, caughtUpTo });

describe('where a named read runs', () => {
  it('when there is no replica, or it is down, then the primary serves every read', () => {
    expect(chooseReadSource({ replica: { kind: 'none' }, readAfter: undefined, now: NOW, maxLagMs: 30_000 })).toEqual({
      source: 'primary',
      why: 'no_replica',
    });
    expect(chooseReadSource({ replica: { kind: 'down' }, readAfter: undefined, now: NOW, maxLagMs: 30_000 })).toEqual({
      source: 'primary',
      why: 'replica_down',
    });
  });

  it('when the caller has not written, then a replica caught up recently serves the read', () => {
    expect(chooseReadSource({ replica: up(NOW - 200), readAfter: undefined, now: NOW, maxLagMs: 30_000 })).toEqual({ source: 'replica' });
  });

  it('when the caller wrote after the point the replica has caught up to, then the primary serves it; once caught up past it, the replica', () => {
    const wroteAt = NOW - 100;
    expect(chooseReadSource({ replica: up(NOW - 300), readAfter: wroteAt, now: NOW, maxLagMs: 30_000 })).toEqual({
      source: 'primary',
      why: 'own_write',
    });
    expect(chooseReadSource({ replica: up(wroteAt), readAfter: wroteAt, now: NOW, maxLagMs: 30_000 })).toEqual({ source: 'replica' });
    // A write still running (its answer not sent) steers every read of that caller to the primary.
    expect(chooseReadSource({ replica: up(NOW), readAfter: Number.POSITIVE_INFINITY, now: NOW, maxLagMs: 30_000 })).toEqual({
      source: 'primary',
      why: 'own_write',
    });
  });

  it('when the replica has not been seen caught up for longer than the allowed lag, then nobody reads it', () => {
    expect(chooseReadSource({ replica: up(NOW - 30_001), readAfter: undefined, now: NOW, maxLagMs: 30_000 })).toEqual({
      source: 'primary',
      why: 'replica_behind',
    });
    expect(chooseReadSource({ replica: up(NOW - 30_000), readAfter: undefined, now: NOW, maxLagMs: 30_000 })).toEqual({
      source: 'replica',
    });
  });
});

describe('how far the replica has caught up', () => {
  it('when WAL positions are read, then they order as PostgreSQL orders them; anything else is no position', () => {
    expect(parseLsn('0/16B3748')).toBe(0x16b3748n);
    expect(parseLsn('1/0')).toBe(1n << 32n);
    expect((parseLsn('1/0') as bigint) > (parseLsn('0/FFFFFFFF') as bigint)).toBe(true);
    expect(parseLsn(null)).toBeUndefined();
    expect(parseLsn('16B3748')).toBeUndefined();
  });

  it('when the replica has replayed past some probes, then the latest of them is the point it holds and the rest keep waiting', () => {
    const marks = [
      { at: 100, lsn: 10n },
      { at: 200, lsn: 20n },
      { at: 300, lsn: 30n },
    ];
    expect(advanceCatchUp(marks, 25n, undefined)).toEqual({ marks: [{ at: 300, lsn: 30n }], caughtUpTo: 200 });
    expect(advanceCatchUp(marks, 5n, 50)).toEqual({ marks, caughtUpTo: 50 });
    expect(advanceCatchUp(marks, 30n, 50)).toEqual({ marks: [], caughtUpTo: 300 });
  });

  it('when the replica never catches up, then only the newest probes are kept', () => {
    const marks = Array.from({ length: 100 }, (_, index) => ({ at: index, lsn: BigInt(1000 + index) }));
    const advanced = advanceCatchUp(marks, 0n, undefined, 64);
    expect(advanced.caughtUpTo).toBeUndefined();
    expect(advanced.marks).toHaveLength(64);
    expect(advanced.marks[0]?.at).toBe(36);
  });
});
