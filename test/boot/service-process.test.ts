import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/free-port.js';

const root = path.resolve(import.meta.dirname, '../..');

interface RunningProcess {
  child: ChildProcess;
  output: () => string;
  port: number;
}

/**
 * The real service in a child process, started exactly as `npm start` starts it
 * (`node scripts/run-dist.mjs main.js`: the compiled dist/, built in beforeAll), with no
 * DATABASE_URL: an embedded PostgreSQL under `dataDir`. Resolves once it logs that it
 * started (with its HTTP port).
 */
async function startServiceProcess(dataDir: string, pgPort: number): Promise<RunningProcess> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(pgPort), PORT: '0', LOG_LEVEL: 'info' };
  delete env.DATABASE_URL;
  delete env.TEST_DATABASE_URL;
  const child = spawn(process.execPath, ['scripts/run-dist.mjs', 'main.js'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setInterval(() => {
      const started = /"port":(\d+),"embeddedDatabase":true,"msg":"wa-agenda started"/.exec(output);
      if (started) {
        clearInterval(timer);
        resolve(Number(started[1]));
      } else if (child.exitCode !== null) {
        clearInterval(timer);
        reject(new Error(`service exited with ${child.exitCode} before starting:\n${output}`));
      }
    }, 50);
  });
  return { child, output: () => output, port };
}

function exitOf(child: ChildProcess): Promise<{ code: number | null; afterMs: number }> {
  const sentAt = Date.now();
  return new Promise((resolve) => {
    if (child.exitCode !== null) resolve({ code: child.exitCode, afterMs: 0 });
    child.once('exit', (code) => resolve({ code, afterMs: Date.now() - sentAt }));
  });
}

function postgresProcessesServing(dataDir: string): string {
  return spawnSync('pgrep', ['-af', dataDir], { encoding: 'utf8' }).stdout.trim();
}

async function countRows(pgPort: number, sql: string): Promise<number> {
  const client = new pg.Client({ connectionString: `postgresql://postgres:postgres@127.0.0.1:${pgPort}/wa_agenda` });
  await client.connect();
  try {
    const result = await client.query<{ count: string }>(sql);
    return Number(result.rows[0]!.count);
  } finally {
    await client.end();
  }
}

describe('the service process on an embedded PostgreSQL', () => {
  let tempDir: string;
  let dataDir: string;
  let pgPort: number;
  let current: RunningProcess | undefined;

  beforeAll(async () => {
    // What `npm start` does first: build dist/ if the sources changed (under the build lock).
    const build = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: root, encoding: 'utf8' });
    expect(build.status, build.stderr).toBe(0);
    pgPort = await freePort();
    tempDir = await mkdtemp(path.join(os.tmpdir(), 'wa-agenda-boot-'));
    // As root, PostgreSQL runs as the `postgres` user, which must reach the data directory.
    await chmod(tempDir, 0o777);
    dataDir = path.join(tempDir, 'data');
  });

  afterAll(async () => {
    if (current && current.child.exitCode === null) current.child.kill('SIGKILL');
    // A failed test must not leave a server behind.
    try {
      const pid = Number.parseInt(readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8'), 10);
      if (pid > 0) process.kill(pid, 'SIGKILL');
    } catch {
      // no server left: the normal case
    }
    await rm(tempDir, { recursive: true, force: true });
  });

  it('when started with no DATABASE_URL, then it is healthy and ready, imports the demo tenant, and SIGTERM stops it and its database with exit 0', async () => {
    current = await startServiceProcess(dataDir, pgPort);
    const base = `http://127.0.0.1:${current.port}`;
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
    expect(current.output()).toContain('"msg":"demo tenant imported"');
    expect(current.output()).toMatch(/New admin API key for tenant "salao-bela-vista"[\s\S]*wa_[0-9a-f]{8}_[\w-]+/);
    // Not a terminal: the ready event is a JSON line (no secret in it); the one-time key went to stderr.
    expect(current.output()).toMatch(/"consoleUrl":"http:\/\/localhost:\d+\/console".*"msg":"ready"/);
    expect(await countRows(pgPort, 'SELECT count(*) FROM tenants')).toBe(1);
    expect(postgresProcessesServing(dataDir)).not.toBe('');

    const exited = exitOf(current.child);
    current.child.kill('SIGTERM');
    const { code, afterMs } = await exited;
    expect(code).toBe(0);
    expect(afterMs).toBeLessThan(10_000);
    expect(current.output()).not.toContain('Unhandled');
    expect(postgresProcessesServing(dataDir)).toBe('');
  }, 60_000);

  it('when started again on the same data directory, then it reuses the cluster and does not import the demo tenant twice', async () => {
    current = await startServiceProcess(dataDir, pgPort);
    expect(current.output()).not.toContain('initialising embedded PostgreSQL');
    expect(current.output()).not.toContain('demo tenant imported');
    expect((await fetch(`http://127.0.0.1:${current.port}/readyz`)).status).toBe(200);
    expect(await countRows(pgPort, 'SELECT count(*) FROM tenants')).toBe(1);
    expect(await countRows(pgPort, 'SELECT count(*) FROM tenant_api_keys')).toBe(1);

    // The tenant CLI works next to the running server: it uses the cluster, never takes it over or kills it.
    const cli = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/tenant.ts', 'list'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(pgPort) },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(cli.status, cli.stderr).toBe(0);
    expect(cli.stdout).toContain('salao-bela-vista');
    expect((await fetch(`http://127.0.0.1:${current.port}/readyz`)).status).toBe(200);

    const exited = exitOf(current.child);
    current.child.kill('SIGINT');
    expect((await exited).code).toBe(0);
    expect(postgresProcessesServing(dataDir)).toBe('');
  }, 60_000);

  it('when the previous process was killed outright, then the next start stops the PostgreSQL it left behind and starts normally', async () => {
    current = await startServiceProcess(dataDir, pgPort);
    const killed = exitOf(current.child);
    current.child.kill('SIGKILL');
    await killed;
    expect(postgresProcessesServing(dataDir)).not.toBe('');

    current = await startServiceProcess(dataDir, pgPort);
    expect(current.output()).toContain('stopping an embedded PostgreSQL left running by a previous process');
    expect((await fetch(`http://127.0.0.1:${current.port}/readyz`)).status).toBe(200);
    const exited = exitOf(current.child);
    current.child.kill('SIGTERM');
    expect((await exited).code).toBe(0);
    expect(postgresProcessesServing(dataDir)).toBe('');
  }, 60_000);
});
