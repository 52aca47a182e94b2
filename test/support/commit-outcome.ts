import { commitTurnEnding, endingOfRun, type Responder, type RespondInput, type RunOutcome } from '../../src/conversation/index.js';
import { type Db, inTransaction } from '../../src/db/index.js';

/** Commits a run's outcome the way the conversation job does, through the production turn-ending commit. */
export async function commitOutcome(
  db: Db,
  input: { tenantId: number; conversationId: number; runId: number; messages: { id: number }[] },
  outcome: RunOutcome,
): Promise<void> {
  await inTransaction(db, (tx) =>
    commitTurnEnding(
      tx,
      { tenantId: input.tenantId, conversationId: input.conversationId, messageIds: input.messages.map((message) => message.id) },
      endingOfRun({ id: input.runId }, outcome),
    ),
  );
}

/**
 * One run of the offline assistant as the conversation job makes it: a fresh `running` run
 * row (its id replaces `input.runId`), then the outcome committed by commitOutcome.
 */
export async function respondAsOfflineJob(db: Db, responder: Pick<Responder, 'respond'>, input: RespondInput): Promise<RunOutcome> {
  const run = await db.agentRun.create({
    data: { tenantId: input.tenantId, conversationId: input.conversationId, responder: 'offline', status: 'running' },
  });
  const outcome = await responder.respond({ ...input, runId: run.id });
  await commitOutcome(db, { ...input, runId: run.id }, outcome);
  return outcome;
}
