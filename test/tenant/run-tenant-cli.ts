import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/** Runs `npm run tenant -- …`'s entry point (from source) against `databaseUrl`, with `env` added to the test's environment. */
export function runTenantCli(
  args: string[],
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/tenant.ts', ...args], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'info', ...env },
    });
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
