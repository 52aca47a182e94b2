import type { Tracer } from '@opentelemetry/api';
import type { Responder } from '../agent/responder.js';
import type { Db } from '../db/index.js';
import { findOpenHandoff } from '../handoff/index.js';
import type { Logger } from '../shared/index.js';
import { traceRun } from '../telemetry/index.js';
import { type GraphApiClient, isReadableMessage } from '../whatsapp/index.js';
import type { ChooseResponder } from './choose-responder.js';
import { finishRun } from './finish-run.js';
import { loadTurn, type Turn } from './load-turn.js';
import { answerUnreadableTurn, giveUpTurn, silenceForOpenHandoff } from './quiet-turns.js';
import { respondWatchingClaims } from './respond-watching-claims.js';
import { lastMessageId } from './turn-writes.js';

export interface ProcessConversationDeps {
  db: Db;
  logger: Logger;
  graph: GraphApiClient;
  chooseResponder: ChooseResponder;
  /** how often a running responder checks whether an attendant claimed the conversation */
  claimPollMs?: number;
  /** one span per finished run (see telemetry/record-run-span.ts); none when absent */
  tracer?: Tracer;
}

export type TurnResult =
  | { kind: 'nothing_to_do' }
  | { kind: 'handoff_open' }
  | { kind: 'unreadable' }
  | { kind: 'unsupported_handoff' }
  | { kind: 'run'; runId: number; outcome: 'answer' | 'handoff' | 'cancelled' }
  | { kind: 'gave_up'; runId: number | null };

/**
 * One turn of a conversation (the `process-conversation` job): answers every inbound message
 * not yet processed with ONE responder run. The conversation's named queue guarantees no two
 * turns of it run at once. Failures throw, so the job retries with backoff, and a retried job
 * resumes the same `agent_runs` row (key `conv:<id>:upto:<last message id>`); on the last
 * attempt (`attempt >= maxAttempts`) it does not throw but hands the conversation to a person
 * with an apology, so a failing turn never loops forever.
 */
export async function processConversation(
  deps: ProcessConversationDeps,
  conversationId: number,
  job: { attempt: number; maxAttempts: number },
): Promise<TurnResult> {
  const turn = await loadTurn(deps.db, conversationId);
  if (!turn || turn.messages.length === 0) return { kind: 'nothing_to_do' };
  const logger = deps.logger.child({ tenantId: turn.tenantId, conversationId });
  const runRef: { id: number | null } = { id: null };
  try {
    return await answerTurn(deps, turn, runRef, logger);
  } catch (error) {
    if (job.attempt < job.maxAttempts) {
      logger.warn({ err: error, attempt: job.attempt, maxAttempts: job.maxAttempts }, 'conversation turn failed; will retry');
      if (runRef.id !== null) await recordRunError(deps.db, runRef.id, error).catch(() => undefined);
      throw error;
    }
    logger.error({ err: error, attempt: job.attempt }, 'conversation turn failed on its last attempt; handing off to a person');
    await giveUpTurn(deps.db, turn, runRef.id, error);
    await traceRun(deps.tracer, deps.db, runRef.id, logger);
    return { kind: 'gave_up', runId: runRef.id };
  }
}

async function answerTurn(deps: ProcessConversationDeps, turn: Turn, runRef: { id: number | null }, logger: Logger): Promise<TurnResult> {
  const open = await findOpenHandoff(deps.db, turn.tenantId, turn.conversationId);
  if (open) {
    await silenceForOpenHandoff(deps.db, turn);
    return { kind: 'handoff_open' };
  }
  if (!turn.messages.some(isReadableMessage)) {
    return { kind: (await answerUnreadableTurn(deps.db, turn)) === 'handoff' ? 'unsupported_handoff' : 'unreadable' };
  }
  const responder = await deps.chooseResponder({ tenantId: turn.tenantId, conversationId: turn.conversationId });
  const run = await startOrResumeRun(deps.db, turn, responder);
  runRef.id = run.id;
  showTyping(deps.graph, turn);
  logger.debug({ runId: run.id, responder: responder.name, messages: turn.messages.length }, 'conversation run started');
  const outcome = await respondWatchingClaims(
    deps.db,
    responder,
    {
      tenantId: turn.tenantId,
      conversationId: turn.conversationId,
      customerId: turn.customerId,
      runId: run.id,
      messages: turn.messages.map(({ waMessageId: _waMessageId, ...message }) => message),
    },
    deps.claimPollMs ?? 500,
  );
  const kind = await finishRun(deps.db, turn, run, outcome);
  await traceRun(deps.tracer, deps.db, run.id, logger);
  logger.info({ runId: run.id, responder: responder.name, outcome: kind }, 'conversation run finished');
  return { kind: 'run', runId: run.id, outcome: kind };
}

/** The run of this turn: the one a previous attempt of the same job started, else a new one. */
async function startOrResumeRun(db: Db, turn: Turn, responder: Responder): Promise<{ id: number; startedAt: number }> {
  const jobKey = `conv:${turn.conversationId}:upto:${lastMessageId(turn)}`;
  const existing = await db.agentRun.findFirst({
    where: { tenantId: turn.tenantId, conversationId: turn.conversationId, jobKey, status: 'running' },
    select: { id: true, startedAt: true },
  });
  if (existing) return { id: existing.id, startedAt: existing.startedAt.getTime() };
  // A run left `running` for an earlier set of messages was superseded by this turn (which sees them too).
  await db.agentRun.updateMany({
    where: { tenantId: turn.tenantId, conversationId: turn.conversationId, status: 'running' },
    data: { status: 'failed', outcome: 'failed', exit: 'cancelled', error: 'superseded by a later turn', finishedAt: new Date() },
  });
  const created = await db.agentRun.create({
    data: { tenantId: turn.tenantId, conversationId: turn.conversationId, responder: responder.name, status: 'running', jobKey },
    select: { id: true, startedAt: true },
  });
  return { id: created.id, startedAt: created.startedAt.getTime() };
}

/** Best effort: the customer sees "read" and "typing…" while the run works. Never awaited, never fails the run. */
function showTyping(graph: GraphApiClient, turn: Turn): void {
  const last = turn.messages[turn.messages.length - 1];
  if (!turn.tenant.accessToken || !last?.waMessageId) return;
  void graph
    .markAsReadWithTyping({ phoneNumberId: turn.tenant.phoneNumberId, accessToken: turn.tenant.accessToken }, last.waMessageId)
    .catch(() => undefined);
}

async function recordRunError(db: Db, runId: number, error: unknown): Promise<void> {
  await db.agentRun.update({
    where: { id: runId },
    data: { error: (error instanceof Error ? error.message : String(error)).slice(0, 2000) },
  });
}
