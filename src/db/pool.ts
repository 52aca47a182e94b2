import pg from 'pg';
import type { Logger } from '../shared/index.js';

/** One node-postgres pool, with the listeners every pool needs and an `end()` that waits for its sockets. */
export interface DatabasePool {
  pool: pg.Pool;
  /** Ends the pool and waits (at most 2 s) until its sockets are closed, so the database can stop right after. */
  end(): Promise<void>;
}

/**
 * A process's database pool. `applicationName` names its sessions in `pg_stat_activity`
 * (`wa-agenda <role> <pid> <purpose>`), so connections can be counted per process. A dropped
 * idle connection is logged, never fatal (graphile-worker asks this of a pool it is given).
 */
export function createDatabasePool(
  databaseUrl: string,
  options: {
    max: number;
    applicationName: string;
    logger: Logger;
    component: string;
    idleTimeoutMillis?: number;
    allowExitOnIdle?: boolean;
  },
): DatabasePool {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: options.max,
    application_name: options.applicationName.slice(0, 63),
    ...(options.idleTimeoutMillis === undefined ? {} : { idleTimeoutMillis: options.idleTimeoutMillis }),
    ...(options.allowExitOnIdle === undefined ? {} : { allowExitOnIdle: options.allowExitOnIdle }),
  });
  const log = options.logger.child({ component: options.component });
  pool.on('error', (error) => log.warn({ err: error }, 'idle database connection failed'));
  const openClients = new Set<pg.PoolClient>();
  pool.on('connect', (client) => {
    openClients.add(client);
    client.once('end', () => openClients.delete(client));
    client.on('error', (error) => log.warn({ err: error }, 'database connection failed'));
  });
  let ending: Promise<void> | undefined;
  return {
    pool,
    end: () => {
      ending ??= (async () => {
        const clients = [...openClients];
        await pool.end();
        // pool.end() resolves before its sockets close.
        await waitForClose(clients, 2000);
      })();
      return ending;
    },
  };
}

/**
 * The WhatsApp intake's own small pool: its one statement per batch runs on node-postgres
 * directly, since through the ORM the same statement costs about twice the CPU and intake is
 * CPU-bound. Created by boot/ (and the tests and benchmarks that mount the webhook) and handed
 * to the webhook router; whoever creates it ends it, after the server stopped taking webhooks.
 */
export function createIntakePool(databaseUrl: string, logger: Logger): DatabasePool {
  return createDatabasePool(databaseUrl, {
    max: 4,
    idleTimeoutMillis: 5000,
    allowExitOnIdle: true,
    applicationName: sessionName('web', 'intake'),
    logger,
    component: 'whatsapp-intake',
  });
}

/** `wa-agenda <role> <pid> <purpose>`: how this process's sessions are named in `pg_stat_activity`. */
export const sessionName = (role: string, purpose: string) => `wa-agenda ${role} ${process.pid} ${purpose}`;

function waitForClose(clients: pg.PoolClient[], timeoutMs: number): Promise<void> {
  const closed = Promise.all(clients.map((client) => new Promise<void>((resolve) => client.once('end', () => resolve()))));
  return Promise.race([closed.then(() => undefined), new Promise<void>((resolve) => setTimeout(resolve, timeoutMs).unref())]);
}
