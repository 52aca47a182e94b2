export { ASSISTANT_STATE_TTL_MS, type AssistantState, isOfflineFlowActive, loadAssistantState } from './assistant-state.js';
export { createOfflineAssistant, NOT_UNDERSTOOD_HANDOFF_TEXT, type OfflineAssistantDeps } from './create-offline-assistant.js';
export { HANDOFF_REQUESTED_TEXT } from './handle-step.js';
