import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/**
 * Which of `pids` holds the TCP connection whose local port is `port` (Linux /proc), so the
 * soak can kill a worker exactly while its own request is at the fake Meta. Undefined when
 * none does or /proc is not readable.
 */
export function pidOwningLocalPort(port: number, pids: number[]): number | undefined {
  return localPortOwners([port], pids).get(port);
}

/**
 * For each local TCP port of `ports`, which of `pids` holds that socket (one pass over
 * /proc/net/tcp{,6} and the processes' descriptors). Ports no listed process holds are missing.
 */
export function localPortOwners(ports: number[], pids: number[]): Map<number, number> {
  const wanted = new Set(ports);
  const portOfInode = new Map<string, number>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const columns = line.trim().split(/\s+/);
      const local = columns[1];
      if (!local || !columns[9]) continue;
      const port = Number.parseInt(local.slice(local.lastIndexOf(':') + 1), 16);
      if (wanted.has(port)) portOfInode.set(columns[9], port);
    }
  }
  const owners = new Map<number, number>();
  if (portOfInode.size === 0) return owners;
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
        const port = match ? portOfInode.get(match[1] as string) : undefined;
        if (port !== undefined) owners.set(port, pid);
      } catch {
        // the descriptor closed while we looked
      }
    }
    if (owners.size === portOfInode.size) break;
  }
  return owners;
}
