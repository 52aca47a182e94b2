import type { ToolDefinition } from '../shared/index.js';
import { finalAnswerTool } from './final-answer-tool.js';
import type { ApiTool } from './model-types.js';
import { toInputSchema } from './to-input-schema.js';
import { transferToHumanTool } from './transfer-to-human-tool.js';

/** The agent's own tools, added to every registry after the domain's. */
const AGENT_OWN_TOOLS = [transferToHumanTool, finalAnswerTool] as ToolDefinition[];

export interface ToolRegistry {
  /** The `tools` array of every request, the last one carrying the cache breakpoint. */
  readonly apiTools: ApiTool[];
  readonly names: string[];
  /** the tools' own rules for the system prompt (ToolDefinition.promptHint), in registry order */
  readonly promptHints: string[];
  find(name: string): ToolDefinition | undefined;
}

/**
 * Builds the registry the loop calls tools through: the given tools plus the agent's own
 * transfer and final-answer tools. Each tool's `input_schema` is generated once from its zod
 * schema. Throws on a duplicate name, one of the agent's own included: a colliding tool is
 * a wiring bug to fix at boot, never one to drop silently (the API would reject the request
 * anyway, later and less clearly).
 */
export function createToolRegistry(tools: ToolDefinition[]): ToolRegistry {
  const all = [...tools, ...AGENT_OWN_TOOLS];
  const byName = new Map<string, ToolDefinition>();
  for (const tool of all) {
    if (byName.has(tool.name)) throw new Error(`duplicate tool name: ${tool.name}`);
    byName.set(tool.name, tool);
  }
  const apiTools: ApiTool[] = all.map((tool, index) => ({
    name: tool.name,
    description: tool.description,
    input_schema: toInputSchema(tool.input),
    // One breakpoint after the last tool caches the whole tool list (tools precede system).
    ...(index === all.length - 1 ? { cache_control: { type: 'ephemeral' as const } } : {}),
  }));
  const promptHints = all.flatMap((tool) => (tool.promptHint ? [tool.promptHint(tool.name)] : []));
  return { apiTools, names: [...byName.keys()], promptHints, find: (name) => byName.get(name) };
}
