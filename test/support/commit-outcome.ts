import { commitTurnEnding, endingOfRun, type RunOutcome } from '../../src/conversation/index.js';
import type { Db } from '../../src/db/index.js';

/** Commits a run's outcome the way the conversation job does, through the production turn-ending commit. */
export async function commitOutcome(
  db: Db,
  input: { tenantId: number; conversationId: number; runId: number; messages: { id: number }[] },
  outcome: RunOutcome,
): Promise<void> {
  await db.$transaction((tx) =>
    commitTurnEnding(
      tx,
      { tenantId: input.tenantId, conversationId: input.conversationId, messageIds: input.messages.map((message) => message.id) },
      endingOfRun({ id: input.runId }, outcome),
    ),
  );
}
