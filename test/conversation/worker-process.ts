import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

const ENTRY = path.join(import.meta.dirname, 'crash-worker-entry.ts');

/** A worker process compiles its TypeScript as it starts: on a loaded machine that alone can take half a minute or more. */
export const WORKER_STARTUP_MS = 90_000;

export interface WorkerProcess {
  child: ChildProcess;
  output(): string;
  /** when (Date.now() in this process) the first line starting with `prefix` arrived */
  lineAt(prefix: string): number | undefined;
  exited: Promise<number | null>;
  /** when it exited, once it has */
  exitedAt(): number | undefined;
}

/** Starts crash-worker-entry.ts as a separate worker process (its own pools, its own liveness session). */
export function spawnWorkerProcess(env: Record<string, string>): WorkerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', ENTRY], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const lines: { at: number; line: string }[] = [];
  let pending = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    const text = chunk.toString();
    output += text;
    pending += text;
    const complete = pending.split('\n');
    pending = complete.pop() ?? '';
    for (const line of complete) lines.push({ at: Date.now(), line });
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  let exitedAt: number | undefined;
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      exitedAt = Date.now();
      resolve(code);
    }),
  );
  return {
    child,
    output: () => output,
    lineAt: (prefix) => lines.find((entry) => entry.line.startsWith(prefix))?.at,
    exited,
    exitedAt: () => exitedAt,
  };
}
