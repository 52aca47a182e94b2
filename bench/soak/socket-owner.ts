import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/**
 * Which of `pids` holds the TCP connection whose local port is `port` (Linux /proc), so the
 * soak can kill a worker exactly while its own request is at the fake Meta. Undefined when
 * none does or /proc is not readable.
 */
export function pidOwningLocalPort(port: number, pids: number[]): number | undefined {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const columns = line.trim().split(/\s+/);
      if (columns[1]?.endsWith(`:${hexPort}`) && columns[9]) inodes.add(columns[9]);
    }
  }
  if (inodes.size === 0) return undefined;
  for (const pid of pids) {
    let fds: string[] = [];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        const match = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
        if (match && inodes.has(match[1] as string)) return pid;
      } catch {
        // the descriptor closed while we looked
      }
    }
  }
  return undefined;
}
