import type { Prisma, Tx } from '../db/index.js';
import { claimHandoffNotice, findOpenHandoff, requestHandoff } from '../handoff/index.js';
import { readCustomerWindow } from '../outbox/index.js';
import { recordReminderAnswer } from '../reminders/index.js';
import { type EndingPlan, planTurnEnding, type TurnScope } from './plan-turn-ending.js';
import type { TurnEnding, TurnEndingKind } from './turn-ending.js';
import { markTurnProcessed, queueTurnReplies } from './turn-writes.js';

/**
 * The one writer of a turn's ending. Takes a `Tx`, which only `inTransaction` produces, so
 * it cannot run outside a transaction: outbox rows and their send jobs,
 * the handoff and the "a person will answer" flag, the messages' processing marks, the
 * run's lifecycle columns, the agent's final history entry, the offline assistant's
 * state and the customer's answer to a reminder are committed together or not at all. A failure anywhere rolls everything back
 * and the job retries the whole turn; a reply is never remembered without being queued.
 * Returns the kind actually committed (a run ending becomes `cancelled` when an attendant
 * claimed the chat meanwhile).
 */
export async function commitTurnEnding(tx: Tx, scope: TurnScope, ending: TurnEnding): Promise<TurnEndingKind> {
  // A claim committed after this read still lets these replies go out: the attendant took
  // over a moment after the bot answered, which the conversation view shows in order.
  const open = 'run' in ending && ending.run ? await findOpenHandoff(tx, scope.tenantId, scope.conversationId) : null;
  // Read in this transaction, as the outbox reads it: both see the same database clock.
  const window = await readCustomerWindow(tx, scope.tenantId, scope.conversationId);
  const plan = planTurnEnding(ending, scope, {
    claimedByAttendant: open?.status === 'claimed',
    customerWindow: window === 'open' ? 'open' : 'closed',
  });
  await performPlan(tx, scope, plan);
  return plan.committedKind;
}

async function performPlan(tx: Tx, scope: TurnScope, plan: EndingPlan): Promise<void> {
  if (plan.handoff) await requestHandoff(tx, { tenantId: scope.tenantId, conversationId: scope.conversationId, ...plan.handoff });
  const toldNow = plan.handoffNotice === 'none' ? false : await claimHandoffNotice(tx, scope);
  if (plan.replies && (plan.handoffNotice !== 'requires' || toldNow)) {
    await queueTurnReplies(tx, scope, plan.replies.replies, plan.replies);
  }
  if (plan.textOnlyNotice === 'set') {
    await tx.conversation.updateMany({
      where: { id: scope.conversationId, tenantId: scope.tenantId },
      data: { textOnlyNoticeAt: new Date() },
    });
  } else if (plan.textOnlyNotice === 'clear') {
    // Only where one is set: an unconditional UPDATE locked the conversation row until this commit
    // ended, and the webhook intake's upsert of that row (a new message) waited behind it.
    await tx.conversation.updateMany({
      where: { id: scope.conversationId, tenantId: scope.tenantId, textOnlyNoticeAt: { not: null } },
      data: { textOnlyNoticeAt: null },
    });
  }
  if (plan.assistantState) {
    await tx.conversation.updateMany({
      where: { id: scope.conversationId, tenantId: scope.tenantId },
      data: { assistantState: plan.assistantState.value as Prisma.InputJsonValue },
    });
  }
  if (plan.historyEntry) {
    await tx.agentHistoryEntry.create({
      data: {
        tenantId: scope.tenantId,
        conversationId: scope.conversationId,
        runId: plan.historyEntry.runId,
        role: plan.historyEntry.entry.role,
        content: plan.historyEntry.entry.content as Prisma.InputJsonValue,
      },
    });
  }
  if (plan.reminderAnswer) await recordReminderAnswer(tx, plan.reminderAnswer);
  if (plan.markProcessed) await markTurnProcessed(tx, scope, plan.markProcessed.runId);
  if (plan.run) {
    const run = plan.run;
    // duration_ms is wall time from the run's start to this commit, measured by the database's clock.
    await tx.$executeRaw`
      UPDATE agent_runs SET
        status = ${run.status}, outcome = ${run.outcome}, exit = ${run.exit}, handoff_reason = ${run.handoffReason}, error = ${run.error},
        stop_reason = ${run.stopReason}, truncated = ${run.truncated},
        finished_at = clock_timestamp(),
        duration_ms = GREATEST(0, (EXTRACT(EPOCH FROM clock_timestamp() - started_at) * 1000)::int)
      WHERE id = ${run.id} AND tenant_id = ${scope.tenantId}`;
  }
}
