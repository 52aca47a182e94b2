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
// package.json runs this script with `exec`, so the shell npm starts is replaced by this process
// and the SIGTERM/SIGINT npm forwards reach it (a plain `sh -c` dies on them and leaves us
// running). npm does not forward SIGHUP and dies on it, and may be killed outright: once the
// npm that started us is gone, stop as if our terminal had closed.
if (process.env.npm_lifecycle_event && process.ppid > 1) {
  const parent = process.ppid;
  const watch = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(watch);
    process.kill(process.pid, 'SIGHUP');
  }, 500);
  watch.unref();
}
process.argv = [process.argv[0], path.join(root, 'dist', entry), ...rest];
await import(pathToFileURL(path.join(root, 'dist', entry)).href);
