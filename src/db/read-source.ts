/**
 * Where one named read (a staff list, a stats figure, a report) runs, decided without I/O.
 *
 * Read-your-writes by time, checked against the replica's own position: the web process
 * learns how far the replica has caught up by probing (the primary's
 * `pg_current_wal_insert_lsn()` read after time T, then the replica's `pg_last_wal_replay_lsn()`
 * ≥ that LSN means the replica holds everything the primary had committed at T). A caller who wrote carries the time its write's
 * response left (after the commit); its reads go to the replica only once the replica has
 * caught up past that time. So the rule holds whatever the lag, and nobody waits a fixed window.
 * Both times are web processes' clocks: across machines their skew (NTP: milliseconds) is the
 * rule's margin of error.
 */
export type ReplicaState =
  | { kind: 'none' }
  /** unreachable, or not a standby: everything reads the primary until a probe succeeds again */
  | { kind: 'down' }
  /** ms since the epoch: the replica holds everything the primary had committed at this time */
  | { kind: 'up'; caughtUpTo: number };

export type ReadSource = { source: 'replica' } | { source: 'primary'; why: 'no_replica' | 'replica_down' | 'replica_behind' | 'own_write' };

export interface ReadSourceQuery {
  replica: ReplicaState;
  /** ms since the epoch: when the caller's latest write was answered (none known: undefined) */
  readAfter: number | undefined;
  now: number;
  /** a replica that has not been seen caught up for longer than this serves no one */
  maxLagMs: number;
}

export function chooseReadSource(query: ReadSourceQuery): ReadSource {
  const { replica } = query;
  if (replica.kind === 'none') return { source: 'primary', why: 'no_replica' };
  if (replica.kind === 'down') return { source: 'primary', why: 'replica_down' };
  if (query.now - replica.caughtUpTo > query.maxLagMs) return { source: 'primary', why: 'replica_behind' };
  if (query.readAfter !== undefined && replica.caughtUpTo < query.readAfter) return { source: 'primary', why: 'own_write' };
  return { source: 'replica' };
}

/** A WAL position (`16/B374D848`) as a number that orders like it; undefined for anything else. */
export function parseLsn(text: string | null | undefined): bigint | undefined {
  const match = /^([0-9A-Fa-f]{1,8})\/([0-9A-Fa-f]{1,8})$/.exec(text ?? '');
  if (!match) return undefined;
  return (BigInt(`0x${match[1]}`) << 32n) | BigInt(`0x${match[2]}`);
}

/** One probe's primary side: at `at` (ms) the primary's WAL ended at `lsn`. */
export interface CatchUpMark {
  at: number;
  lsn: bigint;
}

/**
 * Folds the replica's replay position into the marks still waiting: the latest mark it has
 * replayed past becomes `caughtUpTo`, the marks it passed are dropped, and at most `keep` of
 * the newest remain (a replica that never catches up must not grow the list).
 */
export function advanceCatchUp(
  marks: readonly CatchUpMark[],
  replayed: bigint,
  caughtUpTo: number | undefined,
  keep = 64,
): { marks: CatchUpMark[]; caughtUpTo: number | undefined } {
  let reached = caughtUpTo;
  const waiting: CatchUpMark[] = [];
  for (const mark of marks) {
    if (mark.lsn <= replayed) reached = Math.max(reached ?? mark.at, mark.at);
    else waiting.push(mark);
  }
  return { marks: waiting.slice(-keep), caughtUpTo: reached };
}
