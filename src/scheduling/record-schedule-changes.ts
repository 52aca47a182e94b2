import type { ToolDefinition } from '../shared/index.js';
import { type ScheduleChangeRef, scheduleChangeOf } from './confirmed-writes.js';

/**
 * The same tools, noting the appointment every successful write touched (in call order),
 * for callers that run the handlers themselves (the offline assistant) and owe the
 * customer a receipt per change.
 */
export function recordScheduleChanges(tools: readonly ToolDefinition[]): { tools: ToolDefinition[]; changes: ScheduleChangeRef[] } {
  const changes: ScheduleChangeRef[] = [];
  const recorded = tools.map(
    (tool): ToolDefinition => ({
      ...tool,
      async handler(input, context) {
        const result = await tool.handler(input, context);
        const change = scheduleChangeOf(tool.name, result);
        if (change) changes.push(change);
        return result;
      },
    }),
  );
  return { tools: recorded, changes };
}
