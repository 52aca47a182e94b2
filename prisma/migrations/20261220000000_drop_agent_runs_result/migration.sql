-- agent_runs.result repeated the replies already kept in messages and the outbox; nothing read it.
-- AlterTable
ALTER TABLE "agent_runs" DROP COLUMN "result";
