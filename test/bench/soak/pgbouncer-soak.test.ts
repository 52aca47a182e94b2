import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { formatSoakReport } from '../../../bench/soak/report.js';
import { runSoak } from '../../../bench/soak/run-soak.js';
import { buildService, SMALL_MODE_SOAK } from './small-soak.js';

const root = path.resolve(import.meta.dirname, '../../..');

beforeAll(buildService, 120_000);

// The suite's small run of `npm run soak -- --pgbouncer`: the web processes' requests and
// intake through PgBouncer in transaction mode, the workers (LISTEN, liveness lock) direct.
describe('small soak through PgBouncer', () => {
  it('when the web processes reach the database through PgBouncer, then nothing is lost, answered twice or double-booked, and the report names PgBouncer', async () => {
    const lines: string[] = [];
    const result = await runSoak({
      ...SMALL_MODE_SOAK,
      serverUrl: inject('testServerUrl'),
      pgbouncer: true,
      log: (line) => lines.push(line),
    });
    const report = formatSoakReport(result.figures, result.checks);
    expect(result.failures, `${report}\n${lines.join('\n')}\nlogs: ${result.logDir}`).toEqual([]);
    expect(result.checks.inboundStored).toBe(16);
    expect(result.checks.unanswered).toEqual([]);
    expect(result.checks.duplicateReplies).toEqual([]);

    const pooler = result.figures.pooler;
    expect(pooler?.name).toMatch(/^PgBouncer \d+\.\d+/);
    // Every webhook's intake and every console or status request went through it, as transactions.
    expect(pooler?.transactions).toBeGreaterThanOrEqual(result.checks.inboundSent);
    expect(report).toMatch(
      /^connection pooler \(web processes\)\s+PgBouncer \d+\.\d+\.\d+, transaction mode, ≤ 10 server connections; workers direct/m,
    );
    expect(lines.some((line) => /^PgBouncer .* in front of the database for the web processes/.test(line))).toBe(true);
  }, 150_000);
});

describe('a soak killed from outside', () => {
  const leftovers: number[] = [];
  let logDir: string | undefined;
  afterAll(async () => {
    for (const pid of leftovers) if (isRunning(pid)) process.kill(pid, 'SIGKILL');
    // A killed soak keeps its service logs (for a look into why it was killed); this one's are not needed.
    if (logDir) await rm(logDir, { recursive: true, force: true });
  });

  // Both modes at once: the one run shows that neither PgBouncer nor the hot standby outlives a
  // killed soak (each is watched by the soak's janitor, which outlives the soak itself).
  it('when the soak process is SIGKILLed mid-run, then no service process, PgBouncer, primary or replica of it is left running', async () => {
    const soak = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'bench/soak.ts',
        '--pgbouncer',
        '--replica',
        '--customers',
        '40',
        '--messages',
        '3',
        '--web',
        '1',
        '--workers',
        '1',
        '--kills',
        '0',
      ],
      { cwd: root, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' }, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let stderr = '';
    soak.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const deadline = Date.now() + 120_000;
    while (!/\[soak\] service up: .*\(pids: ([^;]+);/.test(stderr) && soak.exitCode === null && Date.now() < deadline) await sleep(200);
    const started = /\[soak\] service up: .*\(pids: ([^;]+);/.exec(stderr);
    expect(started, stderr).not.toBeNull();
    logDir = /logs in (\S+)\)/.exec(stderr)?.[1];
    const pids = (started?.[1] ?? '').split(', ').map((entry) => {
      const [name, pid] = entry.split(' ');
      return { name: name as string, pid: Number(pid) };
    });
    expect(pids.map((entry) => entry.name)).toEqual(['web-1', 'worker-1', 'postgres', 'pgbouncer', 'replica']);
    leftovers.push(...pids.map((entry) => entry.pid));
    expect(pids.every((entry) => isRunning(entry.pid))).toBe(true);

    soak.kill('SIGKILL');
    const stopBy = Date.now() + 30_000;
    while (pids.some((entry) => isRunning(entry.pid)) && Date.now() < stopBy) await sleep(200);
    expect(pids.filter((entry) => isRunning(entry.pid)).map((entry) => entry.name)).toEqual([]);
  }, 180_000);
});

/** Alive and not a zombie (an orphan's exit status may wait for a reaper that never comes). */
function isRunning(pid: number): boolean {
  try {
    return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return false;
  }
}
