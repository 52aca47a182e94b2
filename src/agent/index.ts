export type { AgentLoopDeps, AgentLoopSettings, ModelBreaker } from './agent-loop-deps.js';
export type { ModelClient } from './call-model.js';
export { type AgentResponderDeps, agentLoopSettings, createAgentResponder, createAnthropicClient } from './create-agent-responder.js';
export type { InboundTurnMessage, Responder, RespondInput, RunOutcome } from './responder.js';
export { runAgentLoop } from './run-agent-loop.js';
export { RUN_EXITS, type RunExit, runExitOf } from './run-exit.js';
export { createToolRegistry, type ToolRegistry } from './tool-registry.js';
export { TRANSFER_TOOL_NAME, transferToHumanTool } from './transfer-to-human-tool.js';
