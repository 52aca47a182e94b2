import { createAgentResponder } from '../agent/index.js';
import { type ChooseResponder, createLlmCircuitBreaker, createResponderChooser } from '../conversation/index.js';
import { createOfflineAssistant, isOfflineFlowActive } from '../offline-assistant/index.js';
import { createSchedulingToolSet } from '../scheduling/tools/index.js';
import { schedulingToolDepsOf } from './scheduling-deps.js';
import type { ServiceDeps } from './service-deps.js';

/**
 * The production responder chooser: the Claude agent (when ANTHROPIC_API_KEY is set) and the
 * offline assistant over the same scheduling tools, with the shared Claude circuit breaker.
 */
export function createServiceResponderChooser(deps: ServiceDeps): ChooseResponder {
  const { config, db, clock, logger } = deps;
  const tools = createSchedulingToolSet(schedulingToolDepsOf({ db, clock, logger }));
  const breaker = createLlmCircuitBreaker({
    db,
    clock,
    logger,
    threshold: config.LLM_BREAKER_THRESHOLD,
    cooldownMs: config.LLM_BREAKER_COOLDOWN_MS,
  });
  const offline = createOfflineAssistant({ db, clock, logger: logger.child({ component: 'offline-assistant' }), tools });
  const agent = config.ANTHROPIC_API_KEY
    ? createAgentResponder({ db, clock, logger, config, tools: Object.values(tools), breaker })
    : undefined;
  return createResponderChooser(deps, { agent, offline, breaker, isOfflineFlowActive });
}
