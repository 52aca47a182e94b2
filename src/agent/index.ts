export type { AgentLoopDeps, AgentLoopSettings, ModelBreaker } from './agent-loop-deps.js';
export type { ModelClient } from './call-model.js';
export { compactAgentHistory } from './compact-history.js';
export { type AgentResponderDeps, createAgentResponder, createAnthropicClient } from './create-agent-responder.js';
export { runAgentLoop } from './run-agent-loop.js';
export { createToolRegistry, type ToolRegistry } from './tool-registry.js';
export { TRANSFER_TOOL_NAME, transferToHumanTool } from './transfer-to-human-tool.js';
