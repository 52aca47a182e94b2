import type { Db } from '../db/index.js';
import type { Clock, Logger } from '../shared/index.js';
import type { ModelClient } from './call-model.js';
import type { ToolRegistry } from './tool-registry.js';

/** The limits of one run, from config (AGENT_* and ANTHROPIC_MODEL). */
export interface AgentLoopSettings {
  model: string;
  /** regular model calls per run; one forced final answer may follow */
  maxIterations: number;
  /** input tokens per run, cache reads and writes included */
  maxInputTokens: number;
  /** wall clock per attempt, also bounding every model call */
  deadlineMs: number;
  maxOutputTokens: number;
  /** turns of history sent to the model */
  historyMaxMessages: number;
  /** estimated tokens of history sent to the model (the current run is always sent whole) */
  historyMaxTokens: number;
  /** most messages and characters one turn shows the model (the rest is noted, all is stored) */
  turnMaxMessages: number;
  turnMaxChars: number;
  toolTimeoutMs: number;
  /**
   * Also store tool results inside agent_history, as before they were kept once (in
   * agent_tool_calls only): only for the baseline of bench/conversation-bytes.bench.ts.
   */
  inlineToolResults?: boolean;
}

/** Told about model-call outcomes so the responder chooser can fall back to the offline assistant. */
export interface ModelBreaker {
  recordSuccess(): Promise<void>;
  recordFailure(): Promise<void>;
}

export interface AgentLoopDeps {
  db: Db;
  logger: Logger;
  clock: Clock;
  client: ModelClient;
  registry: ToolRegistry;
  settings: AgentLoopSettings;
  breaker?: ModelBreaker;
}
