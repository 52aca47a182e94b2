export {
  type DeletedJobQueues,
  type DeletedQueueLeftovers,
  deleteEmptyJobQueues,
  deleteQueueLeftovers,
  hasEmptyJobQueues,
  startEmptyJobQueueCollection,
} from './delete-queue-leftovers.js';
export { enqueueJob, type JobSpec, removeJobByKey } from './enqueue-job.js';
export {
  findQueueSchemaDrift,
  isQueueSchemaReachable,
  QUEUE_FUNCTIONS_USED,
  QUEUE_SCHEMA_USED,
  type QueueSchemaDrift,
  readDueJobsByTask,
} from './graphile-schema.js';
export { isJobFencedError, type JobFence } from './job-fence.js';
export { JOBS_DUE_CHANNEL, notifyJobsDueSql } from './job-wakeups.js';
export { runQueueMigrations } from './run-queue-migrations.js';
export { type QueueTask, type QueueTaskList, startWorker, type WorkerHandle } from './start-worker.js';
export { conversationQueueName, SEND_PRIORITY, TASKS } from './task-names.js';
