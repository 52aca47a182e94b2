import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project root, from dist/cli or src/cli alike. */
const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export async function isServerUp(baseUrl: string): Promise<boolean> {
  try {
    const response = await fetch(new URL('/healthz', baseUrl), { signal: AbortSignal.timeout(1500) });
    return response.ok;
  } catch {
    return false;
  }
}

export interface LocalServer {
  /** SIGTERM, then wait for the process to exit (SIGKILL after `graceMs`). */
  stop(graceMs?: number): Promise<void>;
}

/**
 * Starts `node scripts/run-dist.mjs main.js` (what `npm start` runs) on the URL's port with
 * its output in `logFile`, and waits until `/healthz` answers. The first start on a fresh
 * clone builds, sets up the embedded database and imports the demo tenant: up to a couple of
 * minutes on a slow machine.
 */
export async function startLocalServer(baseUrl: string, logFile: string, timeoutMs = 180_000): Promise<LocalServer> {
  mkdirSync(path.dirname(logFile), { recursive: true });
  const log = openSync(logFile, 'a');
  const port = new URL(baseUrl).port || '80';
  const child = spawn(process.execPath, [path.join(projectRoot, 'scripts/run-dist.mjs'), 'main.js'], {
    cwd: projectRoot,
    env: { ...process.env, PORT: port },
    stdio: ['ignore', log, log],
  });
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  const deadline = Date.now() + timeoutMs;
  while (!(await isServerUp(baseUrl))) {
    if (exited) throw new Error(`the server exited during start; see ${logFile}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer /healthz within ${Math.round(timeoutMs / 1000)} s; see ${logFile}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  return { stop: (graceMs = 10_000) => stopChild(child, graceMs) };
}

function stopChild(child: ChildProcess, graceMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
