// Runs a compiled entry point of dist/ after building it if the sources changed.
// Usage: node scripts/run-dist.mjs main.js [args…]   (npm start, npm run tenant, …)
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildIfNeeded } from './build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [entry, ...rest] = process.argv.slice(2);
if (!entry) {
  console.error('usage: node scripts/run-dist.mjs ENTRY.js [args…]');
  process.exit(2);
}
buildIfNeeded();
process.argv = [process.argv[0], path.join(root, 'dist', entry), ...rest];
await import(pathToFileURL(path.join(root, 'dist', entry)).href);
