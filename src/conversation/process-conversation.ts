import type { Tracer } from '@opentelemetry/api';
import { type Db, inTransaction } from '../db/index.js';
import type { GraphApiClient } from '../graph/index.js';
import { isReadableMessage } from '../graph/index.js';
import { isClosedToBot, releaseExpiredOwnerPause } from '../handoff/index.js';
import type { JobFence } from '../queue/index.js';
import type { SchedulingDeps } from '../scheduling/appointments/index.js';
import { type Clock, type Logger, systemClock } from '../shared/index.js';
import { traceRun } from '../telemetry/index.js';
import { actOnWaitlistTap, waitlistTapOf } from '../waitlist-offers/index.js';
import type { ChooseResponder } from './choose-responder.js';
import { type ClaimWatch, createClaimWatch } from './claim-watch.js';
import { commitTurnEnding } from './commit-turn-ending.js';
import { DEFAULT_INBOUND_RATE_LIMIT, type InboundRateLimit, isInboundFlood } from './inbound-rate-limit.js';
import { keepTyping } from './keep-typing.js';
import { type LoadedTurn, loadTurn, scopeOf } from './load-turn.js';
import { nextTurnMessages } from './next-turn-messages.js';
import { respondWatchingClaims } from './respond-watching-claims.js';
import { startOrResumeRun } from './start-or-resume-run.js';
import type { TranscribeVoiceNotes } from './transcribe-voice-notes.js';
import { endingOfRun, type TurnEnding, type TurnEndingKind } from './turn-ending.js';
import { readTurnReminders } from './turn-reminders.js';

export interface ProcessConversationDeps {
  db: Db;
  /** the scheduling domain as boot/ wired it: a reminder tap's confirm or cancel goes through it */
  scheduling: SchedulingDeps;
  logger: Logger;
  graph: GraphApiClient;
  chooseResponder: ChooseResponder;
  /** the worker's claim watch (one query for all its running turns); without one, a watch polling every `claimPollMs` */
  claimWatch?: ClaimWatch;
  /** how often a running responder checks whether an attendant claimed the conversation (without `claimWatch`) */
  claimPollMs?: number;
  /** per-customer inbound rate limit (INBOUND_RATE_LIMIT_*); defaults to DEFAULT_INBOUND_RATE_LIMIT */
  inboundRateLimit?: InboundRateLimit;
  /** set when a transcription service is configured: voice notes become text before the turn reads them */
  transcribeVoiceNotes?: TranscribeVoiceNotes;
  /** how often the typing indicator is shown again while a run works (WhatsApp hides it after 25 s) */
  typingRefreshMs?: number;
  /** one span per finished run (see telemetry/record-run-span.ts); none when absent */
  tracer?: Tracer;
  /** the time reminder taps are judged at (the cancellation notice, a start that passed); the system clock when absent */
  clock?: Clock;
}

export type ConversationJobResult = { kind: 'nothing_to_do' } | { kind: 'ended'; ending: TurnEndingKind; runId: number | null };

/** The job running the turn: its attempt, and (from the worker) the fence that keeps a second worker's run of it out. */
export interface TurnJob {
  attempt: number;
  maxAttempts: number;
  fence?: JobFence;
}

/**
 * The turns of a conversation's unprocessed messages (the `process-conversation` job): usually
 * ONE responder run answers them all; a reminder's tap is a turn of its own (see
 * nextTurnMessages), so a tap in a burst is answered in its place. Each turn commits before
 * the next one is read. The conversation's named queue guarantees no two turns of it run at
 * once. Failures throw, so the job retries with backoff, and a retried job resumes the same
 * `agent_runs` row (key `conv:<id>:upto:<last message id>`); turns already committed are not
 * answered again. On the last attempt (`attempt >= maxAttempts`) a failing turn does not
 * throw but hands the conversation to a person with an apology, so it never loops forever.
 *
 * With a fence (the worker's, see queue/job-fence.ts), a turn stops as soon as the worker lost
 * its liveness lock (the responder is cancelled, nothing is committed, not even a give-up: the job
 * runs again elsewhere). The last turn's commit completes the job in the same transaction, an
 * earlier turn's commit holds the job row; both are refused when the job is no longer this worker's.
 */
export async function processConversation(
  deps: ProcessConversationDeps,
  conversationId: number,
  job: TurnJob,
): Promise<ConversationJobResult> {
  let result: ConversationJobResult = { kind: 'nothing_to_do' };
  let answeredUpTo = 0;
  for (;;) {
    const loaded = await loadTurn(deps.db, conversationId, deps.inboundRateLimit ?? DEFAULT_INBOUND_RATE_LIMIT);
    const first = loaded?.messages[0];
    // Every ending marks its messages processed; the id check only guards against looping on a turn that did not.
    if (!loaded || !first || first.id <= answeredUpTo) return result;
    const messages = nextTurnMessages(loaded.messages);
    const last = messages.length === loaded.messages.length;
    // Only the last turn ends the job; an earlier one commits while the job goes on.
    const fence = job.fence && !last ? { ...job.fence, completeWithin: job.fence.holdWithin } : job.fence;
    result = await processTurn(deps, { ...loaded, messages }, { ...job, fence });
    if (last) return result;
    answeredUpTo = messages.at(-1)?.id ?? answeredUpTo;
  }
}

/** One turn: its ending decided (the responder run, when there is something to answer), committed and traced. */
async function processTurn(deps: ProcessConversationDeps, turn: LoadedTurn, job: TurnJob): Promise<ConversationJobResult> {
  const logger = deps.logger.child({ tenantId: turn.tenantId, conversationId: turn.conversationId });
  const runRef: { id: number | null } = { id: null };
  try {
    const ending = await answerTurn(deps, turn, runRef, logger, job.fence?.signal);
    const committed = await commit(deps.db, turn, ending, job.fence);
    await traceRun(deps.tracer, deps.db, runRef.id, logger);
    return { kind: 'ended', ending: committed, runId: runRef.id };
  } catch (error) {
    if (job.fence?.signal.aborted) {
      logger.warn({ err: error }, 'conversation turn stopped uncommitted: this worker lost its liveness lock');
      throw error;
    }
    if (job.attempt < job.maxAttempts) {
      logger.warn({ err: error, attempt: job.attempt, maxAttempts: job.maxAttempts }, 'conversation turn failed; will retry');
      throw error;
    }
    logger.error({ err: error, attempt: job.attempt }, 'conversation turn failed on its last attempt; handing off to a person');
    const run = runRef.id === null ? null : { id: runRef.id };
    const committed = await commit(deps.db, turn, { kind: 'give_up', run }, job.fence);
    await traceRun(deps.tracer, deps.db, runRef.id, logger);
    return { kind: 'ended', ending: committed, runId: runRef.id };
  }
}

const commit = (db: Db, turn: LoadedTurn, ending: TurnEnding, fence: JobFence | undefined) =>
  inTransaction(db, async (tx) => {
    const committed = await commitTurnEnding(tx, scopeOf(turn), ending);
    // Last, as the intake locks the conversation before the job row (the other order deadlocks with it):
    // from here the job row is held, so recovery cannot hand the job to another worker until this commits.
    await fence?.completeWithin(tx);
    return committed;
  });

/** Decides how the turn ends (running the responder when there is something to answer); commits nothing. */
async function answerTurn(
  deps: ProcessConversationDeps,
  turn: LoadedTurn,
  runRef: { id: number | null },
  logger: Logger,
  fenceSignal: AbortSignal | undefined,
): Promise<TurnEnding> {
  // The owner's pause (an `owner_replied` handoff held by "WhatsApp app") ends by itself after the
  // tenant's quiet period; that resolves the handoff like an attendant would, it ends no turn.
  // The same statement reads the handoff left open after that.
  const handoff = await releaseExpiredOwnerPause(deps.db, turn);
  if (handoff.released) logger.info('owner quiet for the pause period: the bot answers again');
  if (handoff.open) return { kind: 'silence_while_handed_off' };
  // A person closed the chat (resolved without returning it): silent until they give it back or a day has passed.
  if (turn.closedAt && (await isClosedToBot(deps.db, turn))) return { kind: 'silence_while_handed_off' };
  // A flood gets no run at all: one notice and a person (message_flood); the open handoff then keeps the bot silent.
  if (isInboundFlood(turn, deps.inboundRateLimit ?? DEFAULT_INBOUND_RATE_LIMIT)) {
    logger.warn({ messages: turn.messages.length }, 'inbound flood: handed to a person with one notice, no run');
    return { kind: 'handoff', run: null, reason: 'message_flood' };
  }
  if (deps.transcribeVoiceNotes) await deps.transcribeVoiceNotes(turn);
  if (!turn.messages.some(isReadableMessage)) {
    // Answering the text-only notice with more unreadable content: a person takes over instead of the same notice again.
    if (turn.textOnlyNoticeAt) return { kind: 'handoff', run: null, reason: 'unsupported_message' };
    return { kind: 'unreadable_notice', audio: turn.messages.some((message) => message.type === 'audio') };
  }
  // A waitlist offer's tap books (or is told the slot is gone) without the model.
  const [only] = turn.messages;
  const waitlistTap = only && turn.messages.length === 1 ? waitlistTapOf(only) : null;
  if (waitlistTap) {
    const tapped = await actOnWaitlistTap({ scheduling: deps.scheduling, clock: deps.clock ?? systemClock }, turn, waitlistTap);
    logger.info({ outcome: tapped.kind }, 'waitlist offer tap');
    return { kind: 'waitlist_answer', replies: tapped.replies };
  }
  // A reminder's tap is acted on without the model; a Remarcar (or a later tap) continues with the responder, told the appointment.
  const reminders = await readTurnReminders({ scheduling: deps.scheduling, clock: deps.clock ?? systemClock }, turn, logger);
  if (reminders.kind === 'ended') return reminders.ending;
  const responder = await deps.chooseResponder({
    tenantId: turn.tenantId,
    conversationId: turn.conversationId,
    assistantState: turn.assistantState,
  });
  const run = await startOrResumeRun(deps.db, turn, responder);
  runRef.id = run.id;
  const stopTyping = keepTyping(deps.graph, turn, deps.typingRefreshMs);
  logger.debug({ runId: run.id, responder: responder.name, messages: turn.messages.length }, 'conversation run started');
  let outcome: Awaited<ReturnType<typeof respondWatchingClaims>>;
  try {
    outcome = await respondWatchingClaims(
      deps.claimWatch ?? createClaimWatch(deps.db, deps.claimPollMs ?? 500),
      responder,
      {
        tenantId: turn.tenantId,
        conversationId: turn.conversationId,
        customerId: turn.customerId,
        runId: run.id,
        messages: turn.messages.map(({ waMessageId: _waMessageId, repliedToWaMessageId: _repliedTo, ...message }) => {
          const reminder = reminders.references.get(message.id);
          return reminder ? { ...message, reminder } : message;
        }),
      },
      fenceSignal,
    );
  } finally {
    stopTyping();
  }
  // A responder cancelled because the worker lost its lock must not end the turn as cancelled.
  if (fenceSignal?.aborted) throw fenceSignal.reason;
  logger.info({ runId: run.id, responder: responder.name, outcome: outcome.kind }, 'conversation run finished');
  const ending = endingOfRun(run, outcome);
  return reminders.answer ? { ...ending, reminderAnswer: reminders.answer } : ending;
}
