-- The agent loop's durable state (issue 4).
-- agent_runs.result: the RunOutcome a finished run returned, so a job retried after a
-- crash gets the very same outcome (same replies, no second model call).
ALTER TABLE "agent_runs" ADD COLUMN "result" JSONB;

-- agent_history.last_message_id: the highest messages.id folded into this entry (customer
-- and attendant messages); the next run starts after it.
ALTER TABLE "agent_history" ADD COLUMN "last_message_id" INTEGER;
