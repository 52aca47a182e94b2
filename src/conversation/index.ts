export { type ChooseResponder, createResponderChooser } from './choose-responder.js';
export { CONVERSATION_TEXTS } from './conversation-texts.js';
export { type CircuitBreaker, createLlmCircuitBreaker, type LlmCircuitBreakerOptions } from './llm-circuit-breaker.js';
export { type ProcessConversationDeps, processConversation, type TurnResult } from './process-conversation.js';
