import type { z } from 'zod';

/**
 * Who a tool call acts for. Always the conversation's own tenant and customer, taken from
 * the database row of the conversation being answered, never from model input.
 */
export interface ToolCallContext {
  tenantId: number;
  customerId: number;
  conversationId: number;
  /** Messages API `tool_use.id` (or a menu step key for the offline assistant): write tools are idempotent per id. */
  toolUseId: string;
  runId?: number;
}

/** What a successful write can back when an answer tells the customer about it. */
export type ClaimKind = 'booked' | 'cancelled' | 'rescheduled';

/**
 * What a tool does to the world. `read`: nothing (re-running it after a crash is harmless).
 * `write`: it changes something; its call is recorded before the model hears back, and its
 * success backs the claims listed in `backs` ("agendado!" needs a successful write backing
 * `booked`).
 */
export type ToolEffect = { effect: 'read' } | { effect: 'write'; backs: readonly ClaimKind[] };

/**
 * One tool the model can call: a zod schema (the model's `input_schema` is generated from it),
 * its effect, and a handler with a typed output. A handler returns a JSON-serialisable value,
 * throws `ToolDomainException` for refusals written for the model, and anything else is an
 * internal failure that the agent loop reports generically.
 */
export type ToolDefinition<Input extends z.ZodType = z.ZodType, Output = unknown> = ToolEffect & {
  name: string;
  description: string;
  input: Input;
  handler(input: z.output<Input>, context: ToolCallContext): Promise<Output>;
};

/** Identity helper that keeps the handler's input typed from the schema and its output from the handler. */
export function defineTool<Input extends z.ZodType, Output>(tool: ToolDefinition<Input, Output>): ToolDefinition<Input, Output> {
  return tool;
}

/** The claims a tool's success backs: none for a read. */
export function claimsBackedBy(tool: ToolEffect): readonly ClaimKind[] {
  return tool.effect === 'write' ? tool.backs : [];
}
