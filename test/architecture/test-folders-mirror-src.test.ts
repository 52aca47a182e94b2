import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');

/** test/'s own folders, which test no module: the fakes, the support code, the fixtures and these checks. */
const META_FOLDERS = ['architecture', 'fakes', 'fixtures', 'support'] as const;
/** Repository folders that hold no code a test could be about. */
const NOT_CODE = new Set(['src', 'test', 'docs', 'node_modules', 'dist']);

const foldersIn = (dir: string) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
    .map((entry) => entry.name);

interface Tree {
  /** the folders of src/ (its components) */
  srcFolders: string[];
  /** the repository's top-level folders (bench, eval, scripts, console-ui, …) */
  topLevelFolders: string[];
}

/**
 * The rule, as a decision: a folder of test/ is named after a component of src/ (its tests),
 * after a top-level code folder of the repository (bench/, eval/, scripts/, console-ui/), or is
 * one of test/'s meta folders. Answers every folder that is none of these, with why.
 */
function misplacedTestFolders(testFolders: string[], tree: Tree): string[] {
  const src = new Set(tree.srcFolders);
  const topLevel = new Set(tree.topLevelFolders.filter((folder) => !NOT_CODE.has(folder)));
  const meta = new Set<string>(META_FOLDERS);
  return testFolders
    .filter((folder) => !src.has(folder) && !topLevel.has(folder) && !meta.has(folder))
    .map(
      (folder) =>
        `test/${folder}/ is neither a folder of src/ (${[...src].join(', ')}), nor a top-level code folder ` +
        `(${[...topLevel].join(', ')}), nor one of test/'s own (${META_FOLDERS.join(', ')}): ` +
        'move its files to the folder of the module they test (docs/architecture.md, "Where tests live")',
    );
}

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );

/**
 * Imports of bench/ from a test outside test/bench/: a test borrowing the soak's code (its
 * fakes, once) instead of test/fakes/. Answers `file: specifier` for each.
 */
function benchImportsOutsideBenchTests(files: { path: string; text: string }[]): string[] {
  return files
    .filter((file) => !file.path.startsWith('test/bench/'))
    .flatMap((file) => [...file.text.matchAll(/from '((?:\.\.\/)+bench\/[^']*)'/g)].map((match) => `${file.path}: ${match[1]}`));
}

describe('where tests live', () => {
  it('every folder of test/ mirrors a folder of src/, a top-level code folder, or is one of the meta folders', () => {
    const tree = { srcFolders: foldersIn(join(root, 'src')), topLevelFolders: foldersIn(root) };
    expect(misplacedTestFolders(foldersIn(join(root, 'test')), tree)).toEqual([]);
  });

  it('only the tests of bench/ import bench/ (every other test takes its fakes from test/fakes/)', () => {
    const files = filesUnder(join(root, 'test'))
      .map((path) => relative(root, path))
      .filter((path) => !path.startsWith('test/architecture/'))
      .map((path) => ({ path, text: readFileSync(join(root, path), 'utf8') }));
    expect(benchImportsOutsideBenchTests(files)).toEqual([]);
  });

  it('notices a test outside test/bench/ importing bench/ (the check can fire)', () => {
    const probe = [
      { path: 'test/outbox/slow-meta.test.ts', text: "import { startFakeGraph } from '../../bench/soak/fake-graph.js';" },
      { path: 'test/bench/soak/soak.test.ts', text: "import { runSoak } from '../../../bench/soak/run-soak.js';" },
    ];
    expect(benchImportsOutsideBenchTests(probe)).toEqual(['test/outbox/slow-meta.test.ts: ../../bench/soak/fake-graph.js']);
  });

  it('notices a folder named after no module (the check can fire)', () => {
    const tree = { srcFolders: ['agent', 'scheduling'], topLevelFolders: ['bench', 'src', 'test', 'docs'] };
    const misplaced = misplacedTestFolders(['agent', 'bench', 'fakes', 'receipts', 'soak', 'docs', 'test'], tree);
    expect(misplaced.map((line) => line.split(' ')[0])).toEqual(['test/receipts/', 'test/soak/', 'test/docs/', 'test/test/']);
    expect(misplaced[0]).toContain('neither a folder of src/ (agent, scheduling), nor a top-level code folder (bench)');
  });
});
