/**
 * `npm run bench`: runs every `bench/*.bench.ts` (or those named on the command line) one
 * after another. Each prints its own figures and the ratio against a baseline measured in
 * the same run; a benchmark that throws makes the command exit non-zero.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const benchDir = import.meta.dirname;
const only = process.argv.slice(2);
const files = (await readdir(benchDir))
  .filter((file) => file.endsWith('.bench.ts'))
  .filter((file) => only.length === 0 || only.some((name) => file.includes(name)))
  .sort();

let failed = 0;
for (const file of files) {
  console.log(`\n=== ${file} ===`);
  const started = Date.now();
  try {
    const module = (await import(pathToFileURL(path.join(benchDir, file)).href)) as { default: () => Promise<void> };
    await module.default();
    console.log(`(${file} took ${((Date.now() - started) / 1000).toFixed(1)} s)`);
  } catch (error) {
    failed++;
    console.error(`${file} failed:`, error);
  }
}
process.exit(failed === 0 ? 0 : 1);
