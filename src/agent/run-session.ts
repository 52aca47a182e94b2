import type { RespondInput, RunOutcome, RunRecordWrites } from '../conversation/index.js';
import type { HandoffReason } from '../handoff/index.js';
import { buildReceipts } from '../scheduling/receipts/index.js';
import type { OutboundReply } from '../shared/index.js';
import type { HistoryEntry } from './agent-history.js';
import type { AgentLoopDeps } from './agent-loop-deps.js';
import { buildMessageWindow } from './build-message-window.js';
import { callModel, type ModelCallResult } from './call-model.js';
import { commitStep, type StepWrites, type ToolCallRecord } from './commit-step.js';
import { isNextRequestOverBudget } from './estimate-request-tokens.js';
import type { CreateMessageParams, MessageParam, TextBlockParam, Turn } from './model-types.js';
import { budgetedInputTokensOf, type RunRecord } from './run-record.js';
import type { RunToolLedger } from './run-tool-ledger.js';
import { withoutRecordedContent } from './tool-result-content.js';

/** Share of the deadline kept back for the forced final answer (at most 15 s). */
const FINAL_ANSWER_RESERVE = 0.25;
const MAX_FINAL_ANSWER_RESERVE_MS = 15_000;

interface RequestOptions {
  /** `tool_choice: none` (tools stay defined: history holds tool_use blocks) */
  noTools?: boolean;
  /** an extra system block after the cached prompt */
  systemNote?: string;
  maxTokens?: number;
}

/**
 * The state of one attempt at a run: the history in memory (written to `agent_history`
 * in one statement per step, see commitStep), budgets, deadlines and the tool ledger.
 * The loop decides; the session keeps the books.
 */
export class RunSession {
  private entries: HistoryEntry[];
  private firstEntryId: number | undefined;
  private iterations: number;
  private budgetedTokens: number;
  private readonly startedAtMs: number;
  private breakerToldSuccess = false;
  /** writes staged for the next commit: model calls to count, tool results and their records */
  private pending: Required<Pick<StepWrites, 'modelCalls' | 'records' | 'turns'>> = { modelCalls: [], records: [], turns: [] };
  private stagedCount = 0;
  truncated = false;
  lastStopReason: string | null;

  constructor(
    readonly deps: AgentLoopDeps,
    readonly input: RespondInput,
    readonly run: RunRecord,
    readonly system: TextBlockParam[],
    readonly ledger: RunToolLedger,
    /** the conversation's recent history (see loadRecentHistory), extended as the run goes */
    history: HistoryEntry[],
  ) {
    this.entries = history;
    this.firstEntryId = history.find((entry) => entry.runId === input.runId)?.id;
    this.iterations = run.iterations;
    this.budgetedTokens = run.budgetedInputTokens;
    this.lastStopReason = run.stopReason;
    this.startedAtMs = deps.clock.now().getTime();
  }

  get scope() {
    return { tenantId: this.input.tenantId, conversationId: this.input.conversationId, runId: this.input.runId };
  }

  get log() {
    return this.deps.logger;
  }

  /** Stores a turn now, in one commit with everything staged before it. */
  async append(turn: Turn, options: { lastMessageId?: number } = {}): Promise<void> {
    const ids = await this.commit({ turns: [{ ...turn, lastMessageId: options.lastMessageId }] });
    const id = ids.at(-1) ?? 0;
    this.entries.push({ id, runId: this.input.runId, ...turn });
    this.firstEntryId ??= id;
  }

  /**
   * Adds a turn (and the tool call records behind it) to the history in memory now and to
   * the database with the next commit: a tool_result turn goes out with the next model call's usage and
   * response, one commit per iteration. If the run dies in between, the resume finds the
   * tool_use unanswered and answers it again from the recorded results (write tools are
   * recorded at once, see executeToolCalls). With `resultsRecorded` (every tool_result of the
   * turn has its agent_tool_calls row, committed before or with it) the turn is stored without
   * the results' content.
   */
  stage(turn: Turn, records: ToolCallRecord[] = [], options: { resultsRecorded?: boolean } = {}): void {
    this.pending.records.push(...records);
    // Results already in agent_tool_calls are stored there only; the turn in memory keeps them for this run's requests.
    this.pending.turns.push(options.resultsRecorded ? withoutRecordedContent(turn) : turn);
    // Staged turns have no row id yet; ids only matter to find the run's first turn, which is never staged.
    this.entries.push({ id: -++this.stagedCount, runId: this.input.runId, ...turn });
  }

  lastEntryOfRun(): HistoryEntry | undefined {
    const last = this.entries.at(-1);
    return last?.runId === this.input.runId ? last : undefined;
  }

  /** Which budget is used up, if any: checked before every regular model call. */
  exhaustedBudget(): Extract<HandoffReason, 'iteration_limit' | 'token_budget' | 'deadline'> | null {
    const { settings } = this.deps;
    if (this.remainingRegularMs() <= 0) return 'deadline';
    if (this.iterations >= settings.maxIterations) return 'iteration_limit';
    if (this.budgetedTokens >= settings.maxInputTokens) return 'token_budget';
    if (isNextRequestOverBudget(this.budgetedTokens, this.request(), settings.maxInputTokens)) return 'token_budget';
    return null;
  }

  request(options: RequestOptions = {}): CreateMessageParams {
    const { settings } = this.deps;
    return {
      model: settings.model,
      max_tokens: options.maxTokens ?? settings.maxOutputTokens,
      system: options.systemNote ? [...this.system, { type: 'text', text: options.systemNote }] : this.system,
      tools: this.deps.registry.apiTools,
      ...(options.noTools ? { tool_choice: { type: 'none' as const } } : {}),
      messages: this.messages(),
    };
  }

  /** One model call, its usage recorded on the run row and the breaker told how it went. */
  async call(params: CreateMessageParams, kind: 'regular' | 'final'): Promise<ModelCallResult> {
    const timeoutMs = kind === 'regular' ? this.remainingRegularMs() : this.remainingFinalMs();
    const result = await callModel(this.deps.client, params, { timeoutMs, signal: this.input.signal });
    if (result.ok) {
      this.iterations++;
      this.budgetedTokens += budgetedInputTokensOf(result.message);
      this.lastStopReason = result.message.stop_reason ?? 'null';
      this.pending.modelCalls.push(result.message);
      if (!this.breakerToldSuccess) {
        this.breakerToldSuccess = true;
        await this.deps.breaker?.recordSuccess();
      }
    } else if (result.failure === 'outage') {
      await this.deps.breaker?.recordFailure();
    }
    return result;
  }

  /**
   * Ends the run: commits the staged steps (the ledger: history steps, tool calls, usage)
   * and returns the outcome with what the turn's commit must store with the replies: the
   * text the customer gets as the last assistant turn (so later runs know what was said),
   * the terminal stop reason and truncation. The agent never writes its own ending: the
   * replies and that history entry are one commit, so the model can never remember an
   * answer the customer was not sent.
   */
  async finish(answered: RunOutcome, ending: { stopReason?: string; handoffReason?: HandoffReason } = {}): Promise<RunOutcome> {
    await this.commit({});
    const outcome = await this.withReceipts(answered);
    const replies = outcome.kind === 'cancelled' ? [] : outcome.replies;
    const replyText = replies.map((reply: OutboundReply) => reply.text).join('\n\n');
    const record: RunRecordWrites = {
      ...(replyText ? { historyEntry: { role: 'assistant', content: [{ type: 'text', text: replyText }] } } : {}),
      stopReason: ending.stopReason ?? this.lastStopReason ?? 'none',
      truncated: this.truncated,
    };
    this.log.info(
      { runId: this.input.runId, kind: outcome.kind, handoffReason: ending.handoffReason, iterations: this.iterations },
      'agent run finished',
    );
    return { ...outcome, record };
  }

  /**
   * The outcome with a receipt per change the run's writes made, built from the database
   * rows and sent after the model's text: the customer's proof, which the model is told
   * not to restate. They are replies of the outcome, so the turn's one commit queues them
   * with the answer (and the history entry holds them too, as the customer saw them).
   */
  private async withReceipts(outcome: RunOutcome): Promise<RunOutcome> {
    if (outcome.kind === 'cancelled') return outcome;
    const scope = { tenantId: this.input.tenantId, customerId: this.input.customerId };
    const receipts = await buildReceipts(this.deps.db, scope, this.ledger.confirmedChanges());
    return receipts.length === 0 ? outcome : { ...outcome, replies: [...outcome.replies, ...receipts] };
  }

  /** Commits the staged writes plus these, in that order; returns the ids of all inserted turns. */
  private async commit(writes: Pick<StepWrites, 'turns'>): Promise<number[]> {
    const staged = this.pending;
    const turns = [...staged.turns, ...(writes.turns ?? [])];
    if (staged.modelCalls.length === 0 && staged.records.length === 0 && turns.length === 0) return [];
    this.pending = { modelCalls: [], records: [], turns: [] };
    return commitStep(this.deps.db, this.scope, {
      modelCalls: staged.modelCalls,
      records: staged.records,
      turns,
    });
  }

  private messages(): MessageParam[] {
    const { historyMaxMessages, historyMaxTokens } = this.deps.settings;
    const window = buildMessageWindow(this.entries, historyMaxMessages, this.firstEntryId, historyMaxTokens);
    const last = window.at(-1);
    // A breakpoint on the newest user turn lets the next iteration of this run read the whole prefix from cache.
    if (last?.role === 'user' && Array.isArray(last.content) && last.content.length > 0) {
      const blocks = [...last.content];
      const tail = blocks.at(-1);
      if (tail && (tail.type === 'text' || tail.type === 'tool_result'))
        blocks[blocks.length - 1] = { ...tail, cache_control: { type: 'ephemeral' } };
      window[window.length - 1] = { role: 'user', content: blocks };
    }
    return window;
  }

  private hardDeadlineMs(): number {
    return this.startedAtMs + this.deps.settings.deadlineMs;
  }

  private reserveMs(): number {
    return Math.min(MAX_FINAL_ANSWER_RESERVE_MS, Math.floor(this.deps.settings.deadlineMs * FINAL_ANSWER_RESERVE));
  }

  private remainingRegularMs(): number {
    return this.hardDeadlineMs() - this.reserveMs() - this.deps.clock.now().getTime();
  }

  private remainingFinalMs(): number {
    // The final answer may run a little past the deadline rather than leave the customer with nothing.
    return Math.max(this.hardDeadlineMs() - this.deps.clock.now().getTime(), Math.min(this.reserveMs(), 5000));
  }
}
