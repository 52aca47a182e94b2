import { spawn } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyMigrations, type EmbeddedPostgresHandle, startEmbeddedPostgres } from '../../src/db/index.js';
import { runQueueMigrations } from '../../src/queue/index.js';
import { silentLogger } from '../../src/shared/index.js';
import { freePort } from '../support/free-port.js';

const root = path.resolve(import.meta.dirname, '../..');

/** Runs one command's entry point from source, as its npm script does after the build. */
function runCommand(
  entry: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', entry, ...args], { cwd: root, env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('every command next to a running embedded database', () => {
  let dataDir: string;
  let embedded: EmbeddedPostgresHandle;
  let env: Record<string, string>;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'wa-agenda-running-'));
    await chmod(dataDir, 0o777);
    // What `npm start` leaves running: the embedded cluster under DATA_DIR/pg, held by a live node process (this one).
    embedded = await startEmbeddedPostgres({
      dataDir: path.join(dataDir, 'pg'),
      port: await freePort(),
      database: 'wa_agenda',
      logger: silentLogger,
    });
    await applyMigrations(embedded.url, silentLogger);
    await runQueueMigrations(embedded.url, silentLogger);
    // Another port on purpose: the command must find the running server, not start its own.
    env = { DATABASE_URL: '', DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(await freePort()), LOG_LEVEL: 'warn' };
  }, 120_000);
  afterAll(async () => {
    await embedded?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('when npm start holds the embedded cluster, then tenant import, list, staff add and dead-letters use it', async () => {
    const imported = await runCommand('src/cli/tenant.ts', ['import', 'scripts/demo-tenant.json'], env);
    expect(imported.code, imported.stderr).toBe(0);
    const listed = await runCommand('src/cli/tenant.ts', ['list'], env);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toContain('salao-bela-vista');
    const added = await runCommand('src/cli/tenant.ts', ['staff', 'add', 'salao-bela-vista', 'ana@salao.test', 'Ana'], env);
    expect(added.code, added.stderr).toBe(0);
    expect(added.stdout).toContain('Initial password');
    const deadLetters = await runCommand('src/cli/dead-letters.ts', ['list'], env);
    expect(deadLetters.code, deadLetters.stderr).toBe(0);
  }, 180_000);
});

describe('--help on every command', () => {
  it.each([
    ['npm start', 'src/main.ts', []],
    ['npm run tenant', 'src/cli/tenant.ts', []],
    ['npm run tenant -- staff', 'src/cli/tenant.ts', ['staff']],
    ['npm run tenant -- import', 'src/cli/tenant.ts', ['import']],
    ['npm run chat', 'src/cli/chat.ts', []],
    ['npm run report', 'src/cli/report.ts', []],
    ['npm run dead-letters', 'src/cli/dead-letters.ts', []],
    ['npm run bench', 'bench/run-all.ts', []],
    ['npm run soak', 'bench/soak.ts', []],
    ['npm run eval', 'eval/run.ts', []],
  ] as const)(
    '%s -- --help prints its usage and exits 0',
    async (_name, entry, before) => {
      const answer = await runCommand(entry, [...before, '--help'], { DATA_DIR: path.join(root, '.data-never-used') });
      expect(answer.code, answer.stderr).toBe(0);
      expect(answer.stdout).toMatch(/usage: npm (start|run|test)/);
    },
    60_000,
  );

  it('when npm run bench is given a name that matches no benchmark, then it says so and exits 2 instead of running nothing', async () => {
    const answer = await runCommand('bench/run-all.ts', ['no-such-benchmark']);
    expect(answer.code).toBe(2);
    expect(answer.stderr).toContain('no benchmark matches no-such-benchmark');
  });
});
