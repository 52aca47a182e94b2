import { setTimeout as sleep } from 'node:timers/promises';
import type { FakeGraph } from '../../test/fakes/graph-api-loopback.js';
import type { ServiceProcess } from './service-processes.js';
import { pidOwningLocalPort } from './socket-owner.js';

/**
 * The soak's worker kills: `kills` SIGKILLs spread evenly over the messages, round-robin over
 * the workers, each aimed at a moment one of that worker's own sends is in flight at the fake
 * Meta (waiting up to 10 s for one), the worker restarted 500 ms later. Call `onMessageSent`
 * with the driver's running count; `done` resolves once every kill's restart is up.
 */
export function scheduleWorkerKills(options: {
  kills: number;
  totalMessages: number;
  workers: ServiceProcess[];
  graph: FakeGraph;
  log: (line: string) => void;
}): { onMessageSent(count: number): void; done(): Promise<void> } {
  const { graph } = options;
  const killAt = Array.from({ length: options.kills }, (_, k) => Math.floor((options.totalMessages * (k + 1)) / (options.kills + 1)));
  const kills: Promise<void>[] = [];
  return {
    onMessageSent: (count) => {
      const k = kills.length;
      if (k >= killAt.length || count < (killAt[k] as number)) return;
      const worker = options.workers[k % options.workers.length];
      if (!worker) return;
      kills.push(
        (async () => {
          // Aim at the worst moment: while this worker's own send is at Meta, so it dies mid-request.
          const ownSends = () => graph.inFlightSendPorts().filter((port) => pidOwningLocalPort(port, [worker.pid() ?? -1]) !== undefined);
          let inFlight = ownSends();
          for (let waited = 0; waited < 10_000 && inFlight.length === 0; waited += 1) {
            await sleep(1);
            inFlight = ownSends();
          }
          const midSend = inFlight.length > 0;
          // Marked first: once SIGKILL is sent, no answer written to these sends is read.
          graph.senderKilled(inFlight);
          await worker.kill();
          options.log(
            `SIGKILL ${worker.name} after ${count}/${options.totalMessages} messages${midSend ? ' while it was sending to Meta' : ''}; restarting it`,
          );
          await sleep(500);
          await worker.start();
        })(),
      );
    },
    done: async () => {
      await Promise.all(kills);
    },
  };
}
