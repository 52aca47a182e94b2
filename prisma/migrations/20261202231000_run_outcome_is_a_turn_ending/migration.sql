-- run_outcome_is_a_turn_ending (hand-written: Prisma cannot express CHECK constraints)
-- agent_runs.outcome is the kind of the turn ending that closed the run (src/conversation/run-ending.ts).
-- A turn given up after its retries was stored as 'gave_up', the word agent_runs.exit uses for
-- "the answer explains the request cannot be met": it is now the ending's own kind, 'give_up'
-- (as are the 'failed' rows of before the turn ending existed).
UPDATE "agent_runs" SET "outcome" = 'give_up' WHERE "outcome" IN ('gave_up', 'failed');

ALTER TABLE "agent_runs" ADD CONSTRAINT "agent_runs_outcome_known"
    CHECK ("outcome" IN ('answer', 'answer_and_handoff', 'handoff', 'cancelled', 'give_up', 'superseded'));
