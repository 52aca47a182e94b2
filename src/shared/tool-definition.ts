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

/**
 * One tool the model can call: a zod schema (the model's `input_schema` is generated from it)
 * and a handler. A handler returns a JSON-serialisable value, throws `ToolDomainException`
 * for refusals written for the model, and anything else is an internal failure that the
 * agent loop reports generically.
 */
export interface ToolDefinition<Input extends z.ZodType = z.ZodType> {
  name: string;
  description: string;
  input: Input;
  handler(input: z.output<Input>, context: ToolCallContext): Promise<unknown>;
}

/** Identity helper that keeps the handler's input typed from the schema. */
export function defineTool<Input extends z.ZodType>(tool: ToolDefinition<Input>): ToolDefinition<Input> {
  return tool;
}
