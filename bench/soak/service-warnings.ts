import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** pino's level number for `warn`. */
const WARN = 40;

/**
 * What the service processes said at warn level or above during the run, by message (its
 * first words, before any colon): how an overload shows itself to an operator (`queue
 * lagging`, `event loop lagging`) next to the injected faults' own warnings.
 */
export async function tallyServiceWarnings(logDir: string, processNames: string[]): Promise<Record<string, number>> {
  const tally: Record<string, number> = {};
  for (const name of processNames) {
    const text = await readFile(path.join(logDir, `${name}.log`), 'utf8').catch(() => '');
    for (const line of text.split('\n')) {
      if (!line.startsWith('{')) continue;
      try {
        const entry = JSON.parse(line) as { level?: number; msg?: string };
        if ((entry.level ?? 0) < WARN || !entry.msg) continue;
        const key = entry.msg.split(':')[0] as string;
        tally[key] = (tally[key] ?? 0) + 1;
      } catch {
        // a line cut by a SIGKILL
      }
    }
  }
  return tally;
}
