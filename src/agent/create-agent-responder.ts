import Anthropic from '@anthropic-ai/sdk';
import type { Config } from '../config/index.js';
import type { Responder } from '../conversation/index.js';
import type { Db } from '../db/index.js';
import type { Clock, Logger, ToolDefinition } from '../shared/index.js';
import type { AgentLoopSettings, ModelBreaker } from './agent-loop-deps.js';
import type { ModelClient } from './call-model.js';
import { runAgentLoop } from './run-agent-loop.js';
import { createToolRegistry } from './tool-registry.js';

type AgentConfig = Pick<
  Config,
  | 'ANTHROPIC_API_KEY'
  | 'ANTHROPIC_BASE_URL'
  | 'ANTHROPIC_MODEL'
  | 'ANTHROPIC_MAX_RETRIES'
  | 'AGENT_MAX_ITERATIONS'
  | 'AGENT_MAX_INPUT_TOKENS'
  | 'AGENT_DEADLINE_MS'
  | 'AGENT_MAX_OUTPUT_TOKENS'
  | 'AGENT_HISTORY_MAX_MESSAGES'
  | 'AGENT_HISTORY_MAX_TOKENS'
  | 'AGENT_TURN_MAX_MESSAGES'
  | 'AGENT_TURN_MAX_CHARS'
  | 'AGENT_TOOL_TIMEOUT_MS'
>;

export interface AgentResponderDeps {
  db: Db;
  logger: Logger;
  clock: Clock;
  config: AgentConfig;
  /** the domain tools (scheduling); transferir_para_humano is added by the agent itself */
  tools: ToolDefinition[];
  breaker?: ModelBreaker;
  /** an Anthropic client (or anything with its `messages.create`); built from config when absent */
  client?: ModelClient;
  /** see AgentLoopSettings.inlineToolResults (the bytes benchmark's baseline) */
  inlineToolResults?: boolean;
}

/** The run limits a config asks for. */
function agentLoopSettings(config: AgentConfig): AgentLoopSettings {
  return {
    model: config.ANTHROPIC_MODEL,
    maxIterations: config.AGENT_MAX_ITERATIONS,
    maxInputTokens: config.AGENT_MAX_INPUT_TOKENS,
    deadlineMs: config.AGENT_DEADLINE_MS,
    maxOutputTokens: config.AGENT_MAX_OUTPUT_TOKENS,
    historyMaxMessages: config.AGENT_HISTORY_MAX_MESSAGES,
    historyMaxTokens: config.AGENT_HISTORY_MAX_TOKENS,
    turnMaxMessages: config.AGENT_TURN_MAX_MESSAGES,
    turnMaxChars: config.AGENT_TURN_MAX_CHARS,
    toolTimeoutMs: config.AGENT_TOOL_TIMEOUT_MS,
  };
}

/**
 * The Claude agent as a `Responder`. The caller creates the `agent_runs` row (status
 * 'running', responder 'agent'), passes its id as `runId`, and persists the returned
 * outcome (sends the replies, opens the handoff, sets status/outcome/finished_at); the
 * agent fills in the rest of the row and every tool call. Throws at construction when
 * there is neither a client nor ANTHROPIC_API_KEY (offline mode has its own responder).
 */
export function createAgentResponder(deps: AgentResponderDeps): Responder {
  const client = deps.client ?? createAnthropicClient(deps.config);
  const registry = createToolRegistry(deps.tools);
  const settings = { ...agentLoopSettings(deps.config), inlineToolResults: deps.inlineToolResults ?? false };
  const loopDeps = { db: deps.db, logger: deps.logger, clock: deps.clock, client, registry, settings, breaker: deps.breaker };
  return {
    name: 'agent',
    respond: (input) => runAgentLoop({ ...loopDeps, logger: deps.logger.child({ component: 'agent', runId: input.runId }) }, input),
  };
}

/** The SDK client: bounded retries (429/5xx/529 and connection errors) are the SDK's, with ANTHROPIC_MAX_RETRIES. */
export function createAnthropicClient(config: AgentConfig): Anthropic {
  if (!config.ANTHROPIC_API_KEY)
    throw new Error('ANTHROPIC_API_KEY is not set: the agent needs it (offline mode uses the offline assistant)');
  return new Anthropic({
    apiKey: config.ANTHROPIC_API_KEY,
    maxRetries: config.ANTHROPIC_MAX_RETRIES,
    ...(config.ANTHROPIC_BASE_URL ? { baseURL: config.ANTHROPIC_BASE_URL } : {}),
  });
}
