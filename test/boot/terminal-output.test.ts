import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../conversation/channel-harness.js';
import { freePort } from '../support/free-port.js';

const root = path.resolve(import.meta.dirname, '../..');

// `script` (util-linux) gives the service a pseudo-terminal as stdout, as a person's shell does.
describe('npm start in a terminal', () => {
  let tempDir: string;
  let child: ChildProcess | undefined;
  beforeAll(async () => {
    const build = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: root, encoding: 'utf8' });
    expect(build.status, build.stderr).toBe(0);
    tempDir = await mkdtemp(path.join(os.tmpdir(), 'wa-agenda-tty-'));
    await chmod(tempDir, 0o777);
  });
  afterAll(async () => {
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child?.once('exit', resolve));
    }
    await rm(tempDir, { recursive: true, force: true });
  });

  it('when stdout is a terminal, then logs are pretty lines (no JSON) and a plain ready block shows the URLs, the console account and the key', async () => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: path.join(tempDir, 'data'),
      EMBEDDED_PG_PORT: String(await freePort()),
      PORT: '0',
      LOG_LEVEL: 'info',
      NO_COLOR: '1',
    };
    delete env.DATABASE_URL;
    child = spawn('script', ['-qfec', `${process.execPath} scripts/run-dist.mjs main.js`, '/dev/null'], { cwd: root, env });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    // The pretty log lines pass through pino-pretty's stream, so the "started" line may reach
    // the terminal after the ready block, which is written directly: wait for both.
    await waitFor(() => (output.includes('npm run chat') && /INFO.*wa-agenda started/.test(output)) || child?.exitCode !== null, {
      timeoutMs: 90_000,
      what: 'the ready block and the started line',
    });
    expect(output).toContain('wa-agenda is ready');
    expect(output).toMatch(/console {9}http:\/\/localhost:\d+\/console/);
    expect(output).toMatch(/wa_[0-9a-f]{8}_[\w-]+/);
    expect(output).toContain('dona@salao-bela-vista.demo');
    expect(output).toMatch(/INFO.*wa-agenda started/);
    expect(output).not.toContain('"msg":');
  }, 120_000);
});
