export { type AssistantState, isOfflineFlowActive, loadAssistantState } from './assistant-state.js';
export { createOfflineAssistant, type OfflineAssistantDeps } from './create-offline-assistant.js';
