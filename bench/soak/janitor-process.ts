import { readFileSync, rmSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * The soak's janitor (started by janitor.ts, run with `node --import tsx`): it reads JSON lines
 * on stdin naming what the soak started, and when stdin ends without a `done` line, the soak
 * is gone (killed from outside, even with SIGKILL): it stops what is left, newest first, and
 * removes the directories. A `done` line means the soak cleaned up itself.
 */
type Entry = { kind: 'process'; pid: number; name: string; signal: NodeJS.Signals } | { kind: 'directory'; path: string };

const entries = new Map<string, Entry>();
let done = false;
let buffered = '';

process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk: string) => {
  buffered += chunk;
  const lines = buffered.split('\n');
  buffered = lines.pop() ?? '';
  for (const line of lines) {
    if (line.trim() === '') continue;
    const message = JSON.parse(line) as { watch?: Entry & { key: string }; forget?: string; done?: true };
    if (message.watch) entries.set(message.watch.key, message.watch);
    if (message.forget) entries.delete(message.forget);
    if (message.done) done = true;
  }
});
process.stdin.on('end', () => void (done ? process.exit(0) : cleanUp()));
// A Ctrl-C reaches the whole process group: the janitor outlives it to clean up.
process.on('SIGINT', () => undefined);
process.on('SIGHUP', () => undefined);

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function stopProcess(entry: Extract<Entry, { kind: 'process' }>): Promise<void> {
  if (!isAlive(entry.pid)) return;
  process.kill(entry.pid, entry.signal);
  for (let waited = 0; waited < 5000 && isAlive(entry.pid) && !isZombie(entry.pid); waited += 100) await sleep(100);
  if (isAlive(entry.pid) && !isZombie(entry.pid)) process.kill(entry.pid, 'SIGKILL');
  process.stderr.write(`soak janitor: stopped ${entry.name} (pid ${entry.pid})\n`);
}

function isZombie(pid: number): boolean {
  try {
    return /^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return true;
  }
}

async function cleanUp(): Promise<void> {
  for (const entry of [...entries.values()].reverse()) {
    if (entry.kind === 'process') await stopProcess(entry).catch(() => undefined);
    else rmSync(entry.path, { recursive: true, force: true });
  }
  process.exit(0);
}
