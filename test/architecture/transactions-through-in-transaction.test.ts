import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
const THE_ONE_CALLER = 'src/db/in-transaction.ts';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** Lines calling Prisma's `$transaction` directly, comments aside. */
function directTransactionCalls(text: string): number[] {
  return text.split('\n').flatMap((line, index) => (/^\s*(\/\/|\*)/.test(line) || !/\.\$transaction\s*[(<]/.test(line) ? [] : [index + 1]));
}

describe('transactions', () => {
  it('are opened only through inTransaction, the one producer of the branded Tx', () => {
    const offenders = ['src', 'bench', 'eval', 'scripts', 'test']
      .flatMap((dir) => sourceFiles(join(root, dir)))
      .map((path) => relative(root, path))
      .filter((path) => path !== THE_ONE_CALLER && !path.startsWith('test/architecture/'))
      .flatMap((path) => directTransactionCalls(readFileSync(join(root, path), 'utf8')).map((line) => `${path}:${line}`));
    expect(offenders).toEqual([]);
  });

  it('notices a direct call (the check can fire)', () => {
    expect(directTransactionCalls('const x = 1;\n  await db.$transaction(async (tx) => {})\n// db.$transaction( in a comment')).toEqual([
      2,
    ]);
    expect(directTransactionCalls('deps.db.$transaction<number>(work)')).toEqual([1]);
  });
});
