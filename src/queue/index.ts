export { type DeletedQueueLeftovers, deleteQueueLeftovers } from './delete-queue-leftovers.js';
export { enqueueJob, type JobSpec, removeJobByKey } from './enqueue-job.js';
export { runQueueMigrations } from './run-queue-migrations.js';
export { startWorker, type WorkerHandle } from './start-worker.js';
export { conversationQueueName, TASKS } from './task-names.js';
