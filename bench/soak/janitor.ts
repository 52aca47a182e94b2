import { spawn } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface Janitor {
  /** stop this process if the soak dies (`signal` first, SIGKILL 5 s later) */
  watchProcess(key: string, pid: number, name: string, signal: NodeJS.Signals): void;
  /** remove this directory if the soak dies */
  watchDirectory(key: string, directory: string): void;
  /** the soak stopped or removed it itself */
  forget(key: string): void;
  /** the soak cleaned up everything: the janitor exits doing nothing */
  close(): void;
}

/**
 * A separate process (janitor-process.ts) that outlives the soak: when the soak dies without
 * cleaning up (killed from outside, even with SIGKILL), its end of the pipe closes and the
 * janitor stops the service processes, PgBouncer and the embedded PostgreSQL it was told of,
 * newest first, and removes their directories. In its own process group, so that a Ctrl-C to
 * the soak's group leaves it to finish the job.
 */
export function startJanitor(): Janitor {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join('bench', 'soak', 'janitor-process.ts')], {
    cwd: ROOT,
    stdio: ['pipe', 'ignore', 'inherit'],
    detached: true,
  });
  child.unref();
  child.stdin.on('error', () => undefined);
  const send = (message: object) => {
    if (!child.stdin.writable) return;
    child.stdin.write(`${JSON.stringify(message)}\n`);
  };
  return {
    watchProcess: (key, pid, name, signal) => send({ watch: { key, kind: 'process', pid, name, signal } }),
    watchDirectory: (key, directory) => send({ watch: { key, kind: 'directory', path: directory } }),
    forget: (key) => send({ forget: key }),
    close: () => {
      send({ done: true });
      child.stdin.end();
    },
  };
}
