export interface SoakOptions {
  customers: number;
  messagesPerCustomer: number;
  tenants: number;
  webProcesses: number;
  workerProcesses: number;
  workerKills: number;
  workerConcurrency: number;
  debounceMs: number;
  modelLatencyMs: [number, number];
  modelErrorRate: number;
  graphLatencyMs: [number, number];
  graphErrorRate: number;
  duplicateRate: number;
  arrivalWindowMs: number;
  /**
   * Open loop at a fixed offered rate (inbound messages per second): customers arrive at
   * `customers × messages / rate` seconds' spread and send each turn `turnIntervalMs` after the
   * previous one, answered or not. Unset: closed loop (customers wait for replies) over `arrivalWindowMs`.
   */
  offeredRate?: number;
  /**
   * Open loop on a ramp: the offered rate grows linearly from 0 to this (inbound messages per
   * second) over the arrivals, `2 × customers × messages / rate` seconds, to find where the
   * service saturates. Takes precedence over `offeredRate`.
   */
  rampToRate?: number;
  turnIntervalMs?: number;
  replyTimeoutMs: number;
  thinkMs: [number, number];
  burstGapMs: [number, number];
  delayedDuplicateMs: [number, number];
  /** after the customers are done: how long to wait at most for the queue to drain */
  drainTimeoutMs: number;
  seed: number;
  /** customers who book Coloração (a deposit) whatever the draw says (see PlanOptions.depositBookers) */
  depositBookers?: number;
  /** a PostgreSQL server to create the throwaway database on; embedded when undefined */
  serverUrl?: string;
  /** leave the database (and an embedded server) running afterwards, to look into a failure */
  keepDatabase?: boolean;
  /** count every statement's time and WAL while the load runs (pg_stat_statements; embedded server only) */
  statementCosts?: boolean;
  /**
   * Put PgBouncer (transaction pooling) in front of the database for the web processes; the
   * workers stay on direct sessions (the queue's LISTEN, the liveness lock, graphile-worker's held connections).
   */
  pgbouncer?: boolean;
  /**
   * A streaming replica (hot standby) of the soak's own embedded primary (`serverUrl` is not
   * used: the replica is a copy of the primary's files) serves the web processes' named reads
   * (DATABASE_REPLICA_URL); the workers do not use it. A staff reader reads the agenda, the
   * inbox and the overview through the admin API while the load runs, and reads its own notes
   * back right after writing them.
   */
  replica?: boolean;
  /** with `replica`: how often the staff reader runs one round (ms; 250 when unset) */
  staffReadIntervalMs?: number;
  /** run the web and worker processes under `node --cpu-prof`, their profiles written to `<dir>/web` and `<dir>/worker` when they stop */
  cpuProfileDir?: string;
  log: (line: string) => void;
}

/** Open loop: the window that offers the asked rate (a ramp reaches twice its mean rate at the end); closed loop: as given. */
export function arrivalWindowMs(options: SoakOptions): number {
  const messages = options.customers * options.messagesPerCustomer;
  if (options.rampToRate !== undefined) return Math.round(((2 * messages) / options.rampToRate) * 1000);
  if (options.offeredRate !== undefined) return Math.round((messages / options.offeredRate) * 1000);
  return options.arrivalWindowMs;
}
