// Builds the service when its sources changed: Prisma client generation, tsc to dist/, and
// the staff console's bundle (Vite) to dist/console-ui/, printing its gzipped JavaScript size.
// `node scripts/build.mjs` builds if needed; `--generate` only (re)generates the Prisma
// client (what tests need); `--console` only builds the console if needed (browser tests);
// `--force` always rebuilds. Needs the dev dependencies; a
// production image ships dist/ already built and never gets here with stale sources.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const generatedDir = path.join(root, 'src/generated/prisma');
const schemaPath = path.join(root, 'prisma/schema.prisma');
const consoleDir = path.join(root, 'console-ui');
const consoleOutDir = path.join(root, 'dist/console-ui');
/** The most JavaScript the console's first screen may load, gzipped. */
const CONSOLE_JS_BUDGET_BYTES = 150 * 1024;

function listFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' ? [] : listFiles(full);
    return [full];
  });
}

function hashOf(files) {
  const hash = createHash('sha256');
  for (const file of files.sort()) hash.update(path.relative(root, file)).update(readFileSync(file));
  return hash.digest('hex');
}

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`build step failed: ${command} ${args.join(' ')}`);
    process.exit(result.status ?? 1);
  }
}

/**
 * Runs `fn` holding an exclusive lock (a directory, atomic to create): several processes
 * (parallel test files, a chat starting a server) may ask for a build at once, and two tsc
 * runs writing dist/ together would leave it half-written. A lock whose owner died is taken over.
 */
function withBuildLock(fn) {
  const lockDir = path.join(root, '.build.lock');
  const deadline = Date.now() + 180_000;
  for (;;) {
    try {
      mkdirSync(lockDir);
      writeFileSync(path.join(lockDir, 'pid'), String(process.pid));
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      const owner = Number.parseInt(readFileSafe(path.join(lockDir, 'pid')), 10);
      if (Number.isInteger(owner) && !isAlive(owner)) rmSync(lockDir, { recursive: true, force: true });
      else if (Date.now() > deadline) throw new Error(`build lock ${lockDir} held too long by ${owner}`);
      else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
    }
  }
  try {
    return fn();
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
}

function readFileSafe(file) {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/** Generates the Prisma client offline when the schema changed since the last generation. */
export function generatePrismaClient(force = false) {
  return withBuildLock(() => generateUnlocked(force));
}

function generateUnlocked(force) {
  const marker = path.join(generatedDir, '.schema-hash');
  const wanted = hashOf([schemaPath]);
  if (!force && existsSync(marker) && readFileSync(marker, 'utf8') === wanted) return false;
  // `prisma generate` runs offline once it believes a schema engine exists; it never uses it.
  const env = { PRISMA_HIDE_UPDATE_MESSAGE: '1', PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? schemaPath };
  run(process.execPath, [path.join(root, 'node_modules/prisma/build/index.js'), 'generate'], env);
  writeFileSync(marker, wanted);
  return true;
}

/** Compiles src/ to dist/ when any source (or the schema) changed since the last build. */
export function buildIfNeeded(force = false) {
  // A production image ships dist/ without src/: nothing to compare, nothing to build, and no
  // lock to take (its /app is not writable by the user the service runs as).
  if (!existsSync(path.join(root, 'src')) && existsSync(path.join(root, 'dist/.build-hash'))) return false;
  return withBuildLock(() => buildUnlocked(force));
}

function buildUnlocked(force) {
  const marker = path.join(root, 'dist/.build-hash');
  const wanted = hashOf([...listFiles(path.join(root, 'src')), schemaPath, path.join(root, 'tsconfig.json')]);
  if (!force && existsSync(marker) && readFileSync(marker, 'utf8') === wanted) {
    return existsSync(path.join(root, 'node_modules/vite/bin/vite.js')) ? buildConsoleUnlocked(false) : false;
  }
  if (!existsSync(path.join(root, 'node_modules/prisma/build/index.js'))) {
    if (existsSync(marker)) {
      console.warn('sources changed but build tools are not installed (production install); running the existing build');
      return false;
    }
    console.error('dist/ is missing and the build tools are not installed: run `npm ci` first');
    process.exit(1);
  }
  generateUnlocked(force);
  console.error('building wa-agenda…');
  run(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json']);
  buildConsoleUnlocked(force);
  writeFileSync(marker, wanted);
  return true;
}

/** Builds the console bundle when its sources (or the lock file) changed since its last build. */
export function buildConsoleIfNeeded(force = false) {
  return withBuildLock(() => buildConsoleUnlocked(force));
}

function buildConsoleUnlocked(force) {
  if (!existsSync(consoleDir)) return false;
  const marker = path.join(root, 'dist/.console-build-hash');
  const wanted = hashOf([...listFiles(consoleDir), path.join(root, 'package-lock.json')]);
  if (!force && existsSync(marker) && existsSync(path.join(consoleOutDir, 'index.html')) && readFileSync(marker, 'utf8') === wanted) {
    return false;
  }
  console.error('building the staff console…');
  run(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--config', path.join(consoleDir, 'vite.config.ts')]);
  reportConsoleBudget();
  mkdirSync(path.dirname(marker), { recursive: true });
  writeFileSync(marker, wanted);
  return true;
}

/** Prints the console's first-screen JavaScript size; exits non-zero over the budget. */
function reportConsoleBudget() {
  const bytes = firstScreenJavaScriptBytes();
  console.error(`console: first screen JavaScript ${(bytes / 1024).toFixed(1)} kB gzipped (budget ${CONSOLE_JS_BUDGET_BYTES / 1024} kB)`);
  if (bytes > CONSOLE_JS_BUDGET_BYTES) {
    console.error('console bundle over its JavaScript budget');
    process.exit(1);
  }
}

/** Gzipped bytes of every script the console's page loads: its module scripts and their static imports. */
export function firstScreenJavaScriptBytes() {
  const html = readFileSync(path.join(consoleOutDir, 'index.html'), 'utf8');
  const seen = new Set();
  const queue = [...html.matchAll(/<script[^>]+src="\/console\/([^"]+\.js)"/g)].map((match) => match[1]);
  let total = 0;
  while (queue.length > 0) {
    const file = queue.shift();
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(path.join(consoleOutDir, file));
    total += gzipSync(code, { level: 9 }).length;
    // Static imports between chunks (`import … from "./chunk-x.js"`) load with the first screen too.
    for (const match of code.toString('utf8').matchAll(/(?:^|[;\s}])import\s*(?:[\w{},*\s$]+from\s*)?["']\.\/([^"']+\.js)["']/g)) {
      queue.push(path.posix.join(path.posix.dirname(file), match[1]));
    }
  }
  return total;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const force = process.argv.includes('--force');
  if (process.argv.includes('--generate')) generatePrismaClient(force);
  else if (process.argv.includes('--console')) {
    // Prints the figure even when the bundle was already up to date.
    if (!buildConsoleIfNeeded(force)) reportConsoleBudget();
  } else buildIfNeeded(force);
}
