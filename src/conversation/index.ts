export { type ChooseResponder, createResponderChooser } from './choose-responder.js';
export { commitTurnEnding } from './commit-turn-ending.js';
export { CONVERSATION_TEXTS } from './conversation-texts.js';
export { type CircuitBreaker, createLlmCircuitBreaker, type LlmCircuitBreakerOptions } from './llm-circuit-breaker.js';
export { loadTurn, scopeOf, type Turn } from './load-turn.js';
export { type EndingPlan, GIVE_UP_NOTE, planTurnEnding, type TurnScope } from './plan-turn-ending.js';
export { type ProcessConversationDeps, processConversation, type TurnResult } from './process-conversation.js';
export type { InboundTurnMessage, Responder, RespondInput, RunOutcome, RunRecordWrites } from './responder.js';
export { endingOfRun, type RunRef, type TurnEnding, type TurnEndingKind } from './turn-ending.js';
