import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where the build step (scripts/build.mjs) puts the console's bundle: `dist/console-ui/`
 * at the project root, found the same way from `src/console/` (tests) and `dist/console/`.
 */
export const CONSOLE_ASSETS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/console-ui');

/** The built page, or null when the console was not built (the service then answers 503 on /console). */
export function readConsoleIndex(dir = CONSOLE_ASSETS_DIR): string | null {
  const file = path.join(dir, 'index.html');
  return existsSync(file) ? readFileSync(file, 'utf8') : null;
}
