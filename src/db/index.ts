export { createDb, type Db, Prisma } from './client.js';
export { type EmbeddedPostgresHandle, runningEmbeddedServerUrl, startEmbeddedPostgres } from './embedded-postgres.js';
export { isExclusionViolation, isLockNotAvailable, isResourceOverbooked, isUniqueViolation } from './errors.js';
export { EmbeddedPostgresInUseError, type EmbeddedServerProcess, findEmbeddedServer } from './find-embedded-server.js';
export { inTransaction, type Queryable, type TransactionOptions, type Tx } from './in-transaction.js';
export { applyMigrations } from './migrate.js';
export {
  createMonthlyPartitionsAhead,
  dropPartitionsEndingBy,
  listPartitions,
  MONTHLY_PARTITIONED_TABLES,
  type MonthlyPartitionedTable,
} from './monthly-partitions.js';
export { createReplicaReads, type NamedReads, primaryReads, type ReadClient, type ReplicaReadsOptions } from './named-reads.js';
export { createDatabasePool, createIntakePool, type DatabasePool, sessionName } from './pool.js';
export { advanceCatchUp, type CatchUpMark, chooseReadSource, parseLsn, type ReadSource, type ReplicaState } from './read-source.js';
export { ormSqlReads, poolSqlReads, type SqlReads } from './sql-reads.js';
