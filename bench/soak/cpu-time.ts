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
