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

/** A change a successful write makes, which an answer may state and a receipt confirms. */
export type ClaimKind = 'booked' | 'cancelled' | 'rescheduled';

/** An appointment's local date ("YYYY-MM-DD") and start/end times ("HH:mm"), in the tenant's zone. */
export interface LocalSlot {
  date: string;
  start: string;
  end: string;
}

/**
 * The appointment a write touched, read from its own output (which the tool built from
 * the database row): the evidence an answer's claim is checked against, and the pointer
 * its receipt re-reads.
 */
export interface AppointmentChange extends LocalSlot {
  appointmentId: number;
  /** a reschedule's old appointment (now cancelled) */
  previous?: LocalSlot & { appointmentId: number };
}

/**
 * What a tool does to the world. `read`: nothing (re-running it after a crash is harmless).
 * `write`: it changes something; its call is recorded before the model hears back. A write
 * names the change it makes (`claims`: "agendado!" needs a successful write claiming
 * `booked`, or a reschedule, which books and cancels too) and reads, from its output, the
 * appointment it touched (`changeOf`; null when the output names none).
 */
export type ToolEffect<Output = unknown> =
  | {
      effect: 'read';
      /**
       * A read that still backs a claim: a waitlist place books nothing and is harmless to repeat,
       * yet "coloquei seu nome na lista de espera" needs it. The local day its output names; null when none.
       */
      waitlistPlaceOf?(output: Output): { date: string } | null;
    }
  | { effect: 'write'; claims: ClaimKind; changeOf(output: Output): AppointmentChange | null };

/**
 * One tool the model can call: a zod schema (the model's `input_schema` is generated from it),
 * its effect, and a handler with a typed output. A handler returns a JSON-serialisable value,
 * throws `ToolDomainException` for refusals written for the model, and anything else is an
 * internal failure that the agent loop reports generically.
 */
export type ToolDefinition<Input extends z.ZodType = z.ZodType, Output = unknown> = ToolEffect<Output> & {
  name: string;
  description: string;
  /**
   * One pt-BR rule the agent's system prompt carries about when or how to use this tool,
   * given the tool's own name: the prompt names no tool or parameter by hand, so a rename
   * here reaches it.
   */
  promptHint?: (name: string) => string;
  input: Input;
  handler(input: z.output<Input>, context: ToolCallContext): Promise<Output>;
};

/** Identity helper that keeps the handler's input typed from the schema and its output from the handler. */
export function defineTool<Input extends z.ZodType, Output>(tool: ToolDefinition<Input, Output>): ToolDefinition<Input, Output> {
  return tool;
}
