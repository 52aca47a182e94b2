import type { CapacityFigures } from './capacity-summary.js';
import type { ReplicaLag } from './read-replica.js';

export interface SoakFigures {
  customers: number;
  messagesPerCustomer: number;
  webProcesses: number;
  workerProcesses: number;
  workerKills: number;
  driveSeconds: number;
  totalSeconds: number;
  duplicatesDelivered: number;
  burstTurns: number;
  racingCustomers: number;
  modelCalls: number;
  modelErrorsInjected: number;
  graphRequests: number;
  graphErrorsInjected: number;
  repliesDelivered: number;
  debounceMs: number;
  /** the same-run baseline: a trivial query's round trip from the soak process while the load ran (ms) */
  roundTripMs: number[];
  statusWebhooks: number;
  /** CPU seconds by part: web processes, worker processes, PostgreSQL (embedded only), the soak process (driver + fakes) */
  cpuSeconds: { web: number; worker: number; postgres: number; soak: number };
  /** open-loop runs: the offered inbound rate (messages per second) */
  offeredRate?: number;
  /** ramp runs: arrivals grew linearly to an offered `toRate` (messages per second) over `seconds` */
  ramp?: { toRate: number; seconds: number };
  /** from the first to the last customer message sent (s) */
  sendSeconds: number;
  /**
   * rows and WAL bytes (LSN distance) the database wrote from the first message until the queue
   * was quiet, and pg_stat_wal's records, full-page images and bytes over the same period
   */
  writes: {
    rows: number;
    walBytes: number;
    wal: { records: number; fpi: number; bytes: number };
    commits: number;
    walIo: { writes: number; fsyncs: number };
  };
  /** the service processes' log lines at warn level or above, by message */
  serviceWarnings?: Record<string, number>;
  /** CPU seconds by part from the first message until the queue was quiet, and that period's length (`pooler`: PgBouncer, when run) */
  loadCpu: { seconds: number; web: number; worker: number; postgres: number; pooler?: number };
  /** with --pgbouncer: the pooler the web processes went through, and its own counters at the end of the load */
  pooler?: {
    name: string;
    poolSize: number;
    transactions: number;
    queries: number;
    averageWaitUs: number;
    serverConnections: number;
  };
  /** with --replica: the hot standby the web processes' named reads went to, and what the staff reader saw */
  replica?: ReplicaFigures;
  /** the capacity sampler's seconds summed up, and which resource saturated first */
  capacity?: CapacityFigures;
}

export interface ReplicaFigures {
  /** e.g. `PostgreSQL 18.1` */
  name: string;
  /** the primary's pg_stat_replication, sampled about every second while the load ran */
  lag: ReplicaLag;
  /** the staff reader's named reads, and how many the replica served (their `X-Read-Source`) */
  consoleReads: number;
  consoleReadsOnReplica: number;
  /** transactions the standby committed in the soak's database while the load ran (its pg_stat_database: the named reads and the web processes' position probes) */
  replicaTransactions: number;
  /** customer notes the staff reader wrote, and its reads right after them that saw them */
  notesWritten: number;
  readYourWrites: { checked: number; held: number; misses: string[] };
  /** the staff reader's requests not answered 200 */
  staffFailures: string[];
}
