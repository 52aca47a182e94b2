import type { ToolDefinition } from '../../shared/index.js';
import { type ScheduleChangeRef, scheduleChangeRefOf } from '../receipts/index.js';

/**
 * The same tools, noting the appointment every successful write touched (in call order,
 * read through each write's own `changeOf`), for callers that run the handlers themselves
 * (the offline assistant) and owe the customer a receipt per change.
 */
export function recordScheduleChanges<Tools extends Record<string, ToolDefinition>>(
  tools: Tools,
): { tools: Tools; changes: ScheduleChangeRef[] } {
  const changes: ScheduleChangeRef[] = [];
  const recorded = Object.fromEntries(
    Object.entries(tools).map(([key, tool]) => {
      if (tool.effect !== 'write') return [key, tool];
      const wrapped: ToolDefinition = {
        ...tool,
        async handler(input, context) {
          const result = await tool.handler(input, context);
          const change = tool.changeOf(result);
          if (change) changes.push(scheduleChangeRefOf(tool.claims, change));
          return result;
        },
      };
      return [key, wrapped];
    }),
  ) as Tools;
  return { tools: recorded, changes };
}
