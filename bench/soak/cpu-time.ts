import { readdirSync, readFileSync } from 'node:fs';

// Linux reports process times in clock ticks; 100 per second on every mainstream kernel build.
const TICKS_PER_SECOND = 100;

/** CPU seconds (user + system) a live process has used, with its reaped children when asked; 0 when unknown. */
export function cpuSecondsOf(pid: number | undefined, withReapedChildren = false): number {
  if (pid === undefined) return 0;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start at field 3.
    const fields = stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .map(Number);
    const own = (fields[11] ?? 0) + (fields[12] ?? 0);
    const children = withReapedChildren ? (fields[13] ?? 0) + (fields[14] ?? 0) : 0;
    return (own + children) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** CPU seconds of a process, its reaped children and its live children (a PostgreSQL postmaster and its backends). */
export function cpuSecondsOfTree(pid: number | undefined): number {
  if (pid === undefined) return 0;
  let total = cpuSecondsOf(pid, true);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent === pid) total += cpuSecondsOf(Number(entry), true);
    } catch {
      // the process ended while we looked
    }
  }
  return total;
}

/** CPU seconds the whole machine has been busy since boot (every CPU; /proc/stat minus idle and iowait); 0 when unknown. */
export function machineBusySeconds(): number {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
    const ticks = line.trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal (guest time is already inside user and nice)
    const total = ticks.slice(0, 8).reduce((sum, value) => sum + (Number.isFinite(value) ? value : 0), 0);
    return (total - (ticks[3] ?? 0) - (ticks[4] ?? 0)) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** A PostgreSQL server's CPU so far: the whole tree's, and each live client backend's by pid. */
export interface PostgresCpu {
  total: number;
  sessions: Map<number, number>;
}

/** The CPU of a PostgreSQL server's tree, with its client backends (`postgres: USER DATABASE HOST(PORT) STATE`) apart. */
export function postgresCpu(pid: number | undefined): PostgresCpu {
  const cpu: PostgresCpu = { total: 0, sessions: new Map() };
  if (pid === undefined) return cpu;
  cpu.total = cpuSecondsOf(pid, true);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent !== pid) continue;
      const seconds = cpuSecondsOf(Number(entry), true);
      cpu.total += seconds;
      const title = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (/^postgres: \S+ \S+ (\[local\]|\S+\(\d+\))/.test(title)) cpu.sessions.set(Number(entry), seconds);
    } catch {
      // the process ended while we looked
    }
  }
  return cpu;
}

/**
 * CPU seconds a server spent between two readings: in all, and in the client backends that
 * were alive at the end (the statements' own work; the rest is the WAL writer, checkpointer,
 * autovacuum, I/O workers and sessions that ended meanwhile).
 */
export function postgresCpuBetween(before: PostgresCpu, after: PostgresCpu): { total: number; sessions: number } {
  let sessions = 0;
  for (const [pid, seconds] of after.sessions) sessions += seconds - (before.sessions.get(pid) ?? 0);
  return { total: after.total - before.total, sessions };
}
