/** One second of the soak as the capacity sampler saw it (capacity-sampler.ts); plain data, written to soak-samples.json. */
export interface CapacitySample {
  /** seconds since the drive started, at the end of the interval */
  atSecond: number;
  /** length of the interval the CPU figures cover (s): about 1, more when a sample came late */
  intervalSeconds: number;
  /** CPU cores each service process used in the interval (CPU seconds / interval) */
  processes: ProcessCores[];
  /** the PostgreSQL server's whole process tree (embedded server only) */
  postgresCores?: number;
  /** the soak process itself: driver, fake Anthropic and Graph, this sampler */
  soakCores: number;
  machine: {
    /** cores the whole machine kept busy (every process, not only the soak's) */
    busyCores: number;
    /** /proc/loadavg's 1-minute load average */
    load1: number;
  };
  /** distinct inbound messages Meta had delivered (and the service acknowledged) by the end of the interval */
  messagesSent: number;
  /** undefined when the database did not answer the sampler's queries in time */
  database?: {
    connections: ConnectionGroup[];
    lockWaits: LockWait[];
    queue: QueueState;
  };
}

export interface ProcessCores {
  /** web-1, worker-2… */
  name: string;
  role: 'web' | 'worker';
  pid?: number;
  cores: number;
  /** a new pid since the previous sample (restarted after a SIGKILL): its CPU is counted from its start */
  restarted?: boolean;
}

/**
 * The database sessions of one application name. The service names its connections
 * `wa-agenda <role> <pid> <purpose>`; `process` is then the soak's name for that pid (web-1…)
 * and `purpose` the rest. Unnamed sessions are attributed to a process by their client port.
 */
export interface ConnectionGroup {
  name: string;
  process?: string;
  purpose?: string;
  active: number;
  idle: number;
  idleInTransaction: number;
  /** any other state (fastpath, disabled, idle in transaction (aborted)) */
  other: number;
}

/** A session waiting on a heavyweight lock (`wait_event_type = 'Lock'`). */
export interface LockWait {
  /** which lock: relation, tuple, transactionid, advisory… */
  waitEvent: string;
  /** how many sessions hold it up (`pg_blocking_pids`) */
  blockedBy: number;
  /** the first 60 characters of the waiting statement */
  query: string;
  /** connection group name of the waiting session */
  group: string;
  waitingMs: number;
}

/** graphile-worker's jobs at the sample (from `_private_jobs`, migrations 000011 and 000016). */
export interface QueueState {
  /** due, not locked, attempts left, and their named queue free: a free worker slot would take them now */
  runnable: number;
  /** due and free, but their conversation's named queue is locked by a running job of it */
  waitingForQueue: number;
  /** locked by a worker: running (or held by a dead worker until recovery frees it) */
  running: number;
  /** not due yet (debounce deadlines, retry backoff, reminders) */
  scheduled: number;
  /** how long the oldest runnable job has been due (ms); 0 when none is */
  oldestRunnableMs: number;
}
