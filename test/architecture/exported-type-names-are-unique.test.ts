import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** Names declared more than once by `export interface|type|class`, with where. */
function duplicateExports(files: { path: string; text: string }[]): Record<string, string[]> {
  const where = new Map<string, string[]>();
  for (const file of files) {
    for (const match of file.text.matchAll(/^export (?:interface|type|class|abstract class) ([A-Z]\w*)/gm)) {
      where.set(match[1]!, [...(where.get(match[1]!) ?? []), file.path]);
    }
  }
  return Object.fromEntries([...where].filter(([, paths]) => paths.length > 1));
}

describe('exported type names', () => {
  it('mean one thing: no two modules of src/ export a type, interface or class of the same name', () => {
    // src/contract/ is the console's view of the server's responses, named like the server's types on purpose (the
    // server sends them typed as such); its vocabularies are checked against their originals in src/console/contract-conformance.ts.
    const files = sourceFiles(join(root, 'src'))
      .map((path) => ({ path: relative(root, path), text: readFileSync(path, 'utf8') }))
      .filter((file) => !file.path.startsWith('src/contract/'));
    expect(duplicateExports(files)).toEqual({});
  });

  it('notices a second definition (the check can fire)', () => {
    expect(
      duplicateExports([
        { path: 'src/a.ts', text: 'export interface Turn {\n  role: string;\n}' },
        { path: 'src/b.ts', text: 'export type Turn = { id: number };\nexport type Other = 1;' },
      ]),
    ).toEqual({ Turn: ['src/a.ts', 'src/b.ts'] });
  });
});
