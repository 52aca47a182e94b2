import type { ConnectionGroup } from './capacity-sample.js';

/** One row of pg_stat_activity, as the capacity sampler reads it. */
export interface SessionRow {
  applicationName: string;
  state: string | null;
  /** the client's local TCP port (-1 or null over a Unix socket) */
  clientPort: number | null;
}

// What the service's sessions are called: `wa-agenda <role> <pid> <purpose>` for its pools, and
// the worker's liveness sessions `wa-agenda-liveness:<pool>` (earlier releases: `wa-agenda-worker:<pool>`).
const SERVICE_NAME = /^wa-agenda (web|worker|all) (\d+) (.+)$/;
const LIVENESS_PREFIXES = ['wa-agenda-liveness:', 'wa-agenda-worker:'];
/** The group of every liveness session: one per worker pool, each idle for good, holding its advisory lock. */
export const LIVENESS_GROUP = 'liveness';

/**
 * Groups sessions by what they belong to: a service session by its process and purpose
 * (`worker-1 queue`), a liveness session in one `liveness` group, an unnamed one by the
 * process that holds its client port (`web-2 (unnamed)`), any other name as it is.
 * `processOfPid` maps the service's pids to the soak's names; `pidOfPort` maps client ports
 * to the service pids holding them.
 */
export function groupConnections(rows: SessionRow[], processOfPid: Map<number, string>, pidOfPort: Map<number, number>): ConnectionGroup[] {
  const groups = new Map<string, ConnectionGroup>();
  for (const row of rows) {
    const { name, process, purpose } = identifySession(row, processOfPid, pidOfPort);
    const group = groups.get(name) ?? { name, ...(process ? { process } : {}), ...(purpose ? { purpose } : {}), ...emptyCounts() };
    groups.set(name, group);
    if (row.state === 'active') group.active++;
    else if (row.state === 'idle') group.idle++;
    else if (row.state === 'idle in transaction') group.idleInTransaction++;
    else group.other++;
  }
  return [...groups.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** The group a session belongs to (see groupConnections). */
export function identifySession(
  row: Pick<SessionRow, 'applicationName' | 'clientPort'>,
  processOfPid: Map<number, string>,
  pidOfPort: Map<number, number>,
): { name: string; process?: string; purpose?: string } {
  const named = SERVICE_NAME.exec(row.applicationName);
  if (named) {
    const process = processOfPid.get(Number(named[2])) ?? `${named[1]} ${named[2]}`;
    return { name: `${process} ${named[3]}`, process, purpose: named[3] };
  }
  if (LIVENESS_PREFIXES.some((prefix) => row.applicationName.startsWith(prefix))) return { name: LIVENESS_GROUP, purpose: LIVENESS_GROUP };
  const owner = row.clientPort !== null ? processOfPid.get(pidOfPort.get(row.clientPort) ?? -1) : undefined;
  if (row.applicationName === '') return owner ? { name: `${owner} (unnamed)`, process: owner } : { name: '(unnamed)' };
  return owner ? { name: row.applicationName, process: owner } : { name: row.applicationName };
}

/** Whether a session's client port must be looked up to know its process (its name carries no pid). */
export const needsPortLookup = (applicationName: string) =>
  !SERVICE_NAME.test(applicationName) && !LIVENESS_PREFIXES.some((prefix) => applicationName.startsWith(prefix));

const emptyCounts = () => ({ active: 0, idle: 0, idleInTransaction: 0, other: 0 });

/** Sessions in a group, whatever their state. */
export const sessionsOf = (group: ConnectionGroup) => group.active + group.idle + group.idleInTransaction + group.other;
