import type { Config } from '../config/index.js';
import type { Clock } from '../shared/index.js';
import type { CircuitBreaker } from './llm-circuit-breaker.js';
import type { Responder } from './responder.js';

/**
 * Picks who answers the next turn of a conversation, given its `assistant_state` as the turn
 * read it (loadTurn): the choice costs no read of the conversation of its own.
 */
export type ChooseResponder = (conversation: { tenantId: number; conversationId: number; assistantState: unknown }) => Promise<Responder>;

/**
 * The rule, in order:
 * 1. no ANTHROPIC_API_KEY (or no agent wired) → the offline assistant;
 * 2. the conversation is in the middle of an offline menu flow → the offline assistant
 *    until that flow ends, even if the agent is back: the customer is looking at numbered
 *    options the model never saw ("2" means nothing to it), and a half-made booking would
 *    be lost; no mid-flow switch;
 * 3. the Claude API circuit breaker is open → the offline assistant;
 * 4. otherwise the Claude agent (a half-open breaker lets it try again).
 */
export function createResponderChooser(
  deps: { config: Pick<Config, 'ANTHROPIC_API_KEY'>; clock: Clock },
  responders: {
    agent?: Responder;
    offline: Responder;
    breaker: CircuitBreaker;
    /** the offline assistant's own rule: is a menu flow under way in this `assistant_state`? */
    isOfflineFlowActive: (assistantState: unknown, now: Date) => boolean;
  },
): ChooseResponder {
  const { agent, offline, breaker, isOfflineFlowActive } = responders;
  return async ({ assistantState }) => {
    if (!agent || !deps.config.ANTHROPIC_API_KEY) return offline;
    if (isOfflineFlowActive(assistantState, deps.clock.now())) return offline;
    if (await breaker.isOpen()) return offline;
    return agent;
  };
}
