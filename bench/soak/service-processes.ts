import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, type WriteStream } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { cpuSecondsOf } from './cpu-time.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface ServiceProcess {
  name: string;
  role: 'web' | 'worker';
  /** `http://127.0.0.1:<port>` for web processes, known once the first start has succeeded */
  readonly url?: string;
  /** how many times it was killed with SIGKILL */
  kills: number;
  /** CPU seconds used by every incarnation that has ended (read just before it was stopped or killed) */
  cpuSeconds: number;
  /** CPU seconds of every incarnation so far, the running one included */
  cpuSecondsNow(): number;
  pid(): number | undefined;
  /** SIGKILL, then wait for the exit: no drain, no cleanup, as when a machine dies */
  kill(): Promise<void>;
  start(): Promise<void>;
  /** SIGTERM and wait for a clean exit (SIGKILL after `graceMs`) */
  stop(graceMs?: number): Promise<number | null>;
}

export interface ServiceCluster {
  web: ServiceProcess[];
  workers: ServiceProcess[];
  all: ServiceProcess[];
  /** CPU seconds used so far by the web and by the worker processes */
  cpuSeconds(): { web: number; worker: number };
  stopAll(): Promise<void>;
}

/**
 * Starts the built service (`node dist/main.js`) as separate processes, `web` web processes
 * on their own ports and `workers` worker processes, all with `env` plus ROLE/PORT. Output goes
 * to `<logDir>/<name>.log`. Resolves once every web process answers /readyz.
 *
 * A web process's port is one the kernel has just handed out as free, and it is kept across
 * restarts (the load and the fake Graph API hold its URL). Between asking and binding another
 * process may take it (a full test run opens thousands of ephemeral ports), so a first start
 * that dies before it is ready is tried again on a fresh port.
 */
export async function startServiceCluster(options: {
  web: number;
  workers: number;
  env: Record<string, string>;
  /** added to `env` for the processes of one role (e.g. the web processes' DATABASE_URL through PgBouncer) */
  roleEnv?: Partial<Record<'web' | 'worker', Record<string, string>>>;
  logDir: string;
  /** told of every process started, restarts included (the soak's janitor) */
  onSpawn?: (name: string, pid: number) => void;
}): Promise<ServiceCluster> {
  const spawned = options.onSpawn ?? (() => undefined);
  const envOf = (role: 'web' | 'worker') => ({ ...options.env, ...options.roleEnv?.[role] });
  const web = Array.from({ length: options.web }, (_, index) =>
    serviceProcess(`web-${index + 1}`, 'web', envOf('web'), options.logDir, spawned),
  );
  const workers = Array.from({ length: options.workers }, (_, index) =>
    serviceProcess(`worker-${index + 1}`, 'worker', envOf('worker'), options.logDir, spawned),
  );
  const all = [...web, ...workers];
  await Promise.all(all.map((process) => process.start()));
  return {
    web,
    workers,
    all,
    cpuSeconds: () => ({
      web: web.reduce((sum, process) => sum + process.cpuSecondsNow(), 0),
      worker: workers.reduce((sum, process) => sum + process.cpuSecondsNow(), 0),
    }),
    stopAll: async () => {
      await Promise.all(all.map((process) => process.stop()));
    },
  };
}

const FIRST_START_ATTEMPTS = 3;

function serviceProcess(
  name: string,
  role: 'web' | 'worker',
  env: Record<string, string>,
  logDir: string,
  onSpawn: (name: string, pid: number) => void,
): ServiceProcess {
  let child: ChildProcess | undefined;
  let exited: Promise<number | null> = Promise.resolve(null);
  let log: WriteStream | undefined;
  let port: number | undefined;
  const urlOf = (value: number) => `http://127.0.0.1:${value}`;
  const spawnOn = async (listenPort: number | undefined) => {
    log ??= createWriteStream(path.join(logDir, `${name}.log`), { flags: 'a' });
    const spawned = spawn(process.execPath, ['dist/main.js'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env, ROLE: role, PORT: String(listenPort ?? 0) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = spawned;
    if (spawned.pid !== undefined) onSpawn(name, spawned.pid);
    spawned.stdout?.pipe(log, { end: false });
    spawned.stderr?.pipe(log, { end: false });
    exited = new Promise((resolve) => spawned.once('exit', (code) => resolve(code)));
    if (listenPort !== undefined) await waitUntilReady(urlOf(listenPort), spawned, name);
  };
  const handle: ServiceProcess = {
    name,
    role,
    get url() {
      return port === undefined ? undefined : urlOf(port);
    },
    kills: 0,
    cpuSeconds: 0,
    pid: () => child?.pid,
    cpuSecondsNow: () => handle.cpuSeconds + (child && child.exitCode === null && child.signalCode === null ? cpuSecondsOf(child.pid) : 0),
    start: async () => {
      if (role === 'worker') return spawnOn(undefined);
      if (port !== undefined) return spawnOn(port);
      for (let attempt = 1; ; attempt++) {
        const candidate = await freePort();
        try {
          await spawnOn(candidate);
          port = candidate;
          return;
        } catch (error) {
          if (!(error instanceof ExitedWhileStarting) || attempt === FIRST_START_ATTEMPTS) throw error;
        }
      }
    },
    kill: async () => {
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      handle.kills++;
      handle.cpuSeconds += cpuSecondsOf(child.pid);
      child.kill('SIGKILL');
      await exited;
    },
    stop: async (graceMs = 10_000) => {
      if (!child || child.exitCode !== null || child.signalCode !== null) return child?.exitCode ?? null;
      handle.cpuSeconds += cpuSecondsOf(child.pid);
      child.kill('SIGTERM');
      const timer = setTimeout(() => child?.kill('SIGKILL'), graceMs);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
  return handle;
}

class ExitedWhileStarting extends Error {}

/** A port nothing listens on right now, as the kernel hands it out for port 0. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitUntilReady(url: string, child: ChildProcess, name: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new ExitedWhileStarting(`${name} exited with code ${child.exitCode} while starting (see its log)`);
    const ready = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2000) })
      .then((response) => response.ok)
      .catch(() => false);
    if (ready) return;
    await sleep(100);
  }
  throw new Error(`${name} did not become ready at ${url}`);
}
