/**
 * `npm run bench`: runs every `bench/*.bench.ts` (or those named on the command line) one
 * after another. Each prints its own figures and the ratio against a baseline measured in
 * the same run, and returns the targets it checked; the command exits non-zero when a
 * benchmark throws or misses a target it printed.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { type BenchOutcome, type BenchTarget, benchExitCode, missedTargets } from './support/targets.js';

const benchDir = import.meta.dirname;
const only = process.argv.slice(2);
const benchFiles = (await readdir(benchDir)).filter((file) => file.endsWith('.bench.ts'));
if (only.some((word) => word.startsWith('-'))) {
  const names = benchFiles.map((file) => file.replace(/\.bench\.ts$/, ''));
  const asked = only.includes('--help') || only.includes('-h');
  (asked ? process.stdout : process.stderr).write(
    `${asked ? '' : `unknown option ${only.find((word) => word.startsWith('-'))}\n\n`}usage: npm run bench [-- NAME…]\n\n` +
      'Runs every benchmark of bench/ (or those whose file name contains a NAME), one after another; each prints its\n' +
      'figures and the ratio against a baseline measured in the same run. Exits 1 if any benchmark fails or misses a target it printed.\n\n' +
      `benchmarks: ${names.sort().join(', ')}\n`,
  );
  process.exit(asked ? 0 : 2);
}
// A NAME that matches nothing would silently run nothing.
const unknown = only.filter((name) => !benchFiles.some((file) => file.includes(name)));
if (unknown.length > 0) {
  process.stderr.write(`no benchmark matches ${unknown.join(', ')}: npm run bench -- --help lists them\n`);
  process.exit(2);
}
const files = benchFiles.filter((file) => only.length === 0 || only.some((name) => file.includes(name))).sort();

const outcomes: BenchOutcome[] = [];
for (const file of files) {
  console.log(`\n=== ${file} ===`);
  const started = Date.now();
  try {
    const module = (await import(pathToFileURL(path.join(benchDir, file)).href)) as { default: () => Promise<BenchTarget[] | undefined> };
    // a benchmark that checks no target returns nothing
    outcomes.push({ file, kind: 'finished', targets: (await module.default()) ?? [] });
    console.log(`(${file} took ${((Date.now() - started) / 1000).toFixed(1)} s)`);
  } catch (error) {
    outcomes.push({ file, kind: 'threw', error });
    console.error(`${file} failed:`, error);
  }
}
for (const missed of missedTargets(outcomes)) console.error(`MISSED: ${missed.file}: ${missed.target}`);
process.exit(benchExitCode(outcomes));
