import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

async function deadLetters(args: string[]) {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/cli/dead-letters.ts', ...args], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', LOG_LEVEL: 'silent' },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('npm run dead-letters: bad arguments', () => {
  it('when an option or the command is unknown, or ids are not numbers, then it names the problem, shows the usage and exits 2', async () => {
    for (const [args, problem] of [
      [['list', '--bogus'], "Unknown option '--bogus'"],
      [['frob'], 'unknown command: frob'],
      [['replay', 'abc'], 'ids must be positive integers'],
    ] as const) {
      const result = await deadLetters([...args]);
      expect([args, result.code]).toEqual([args, 2]);
      expect(result.stderr).toContain(problem);
      expect(result.stderr).toContain('usage: npm run dead-letters -- list');
    }
  });
});
