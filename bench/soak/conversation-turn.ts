import {
  type ApiMessage,
  blocksOf,
  isText,
  isToolResult,
  isToolUse,
  type MessagesRequest,
  toolResultText,
} from '../../test/fakes/messages-api-types.js';

/** How every notice the service writes to the model begins (src/agent's model texts). */
const SYSTEM_NOTICE = 'AVISO DO SISTEMA';

/** One tool call the model made and the result the service sent back. */
export interface ToolStep {
  name: string;
  input: Record<string, unknown>;
  /** undefined while the result has not come back yet */
  result?: { text: string; isError: boolean };
}

export interface ConversationTurn {
  /** Customer text since the model's last final answer (a debounced burst is all of it). */
  customerText: string;
  /** Tool calls made since then, oldest first. */
  steps: ToolStep[];
  /** Tool calls of the whole history (earlier turns too), oldest first. */
  allSteps: ToolStep[];
  /** Every user text of the request, to tell which customer it belongs to. */
  allUserText: string;
}

/**
 * Reads a Messages API request the way a model would: what the customer said in this turn
 * and which tools were already called (with their results) in this turn and before.
 * A turn starts after the last assistant message without tool calls (a final answer).
 */
export function readConversationTurn(request: MessagesRequest): ConversationTurn {
  const messages: ApiMessage[] = request.messages ?? [];
  let turnStart = 0;
  messages.forEach((message, index) => {
    if (message.role === 'assistant' && !blocksOf(message).some(isToolUse)) turnStart = index + 1;
  });
  const allSteps = collectSteps(messages);
  const steps = collectSteps(messages.slice(turnStart));
  // The service's own notices to the model ("AVISO DO SISTEMA: …", e.g. an answer held back by
  // the claim check) ride in user messages too, but the customer did not write them: a notice
  // that names "cancelar" is not a wish to cancel.
  const userTexts = (slice: ApiMessage[]) =>
    slice
      .filter((message) => message.role === 'user')
      .flatMap((message) => blocksOf(message).filter(isText))
      .map((block) => block.text)
      .filter((text) => !text.startsWith(SYSTEM_NOTICE));
  return {
    customerText: userTexts(messages.slice(turnStart)).join('\n'),
    steps,
    allSteps,
    allUserText: userTexts(messages).join('\n'),
  };
}

function collectSteps(messages: ApiMessage[]): ToolStep[] {
  const steps: ToolStep[] = [];
  const byId = new Map<string, ToolStep>();
  for (const message of messages) {
    for (const block of blocksOf(message)) {
      if (message.role === 'assistant' && isToolUse(block)) {
        const step: ToolStep = { name: block.name, input: block.input ?? {} };
        steps.push(step);
        byId.set(block.id, step);
      } else if (message.role === 'user' && isToolResult(block)) {
        const step = byId.get(block.tool_use_id);
        if (step) step.result = { text: toolResultText(block), isError: block.is_error === true };
      }
    }
  }
  return steps;
}

/** The last call of a tool in `steps` that has a result. */
export const lastStep = (steps: ToolStep[], name: string): ToolStep | undefined =>
  steps.filter((step) => step.name === name && step.result).at(-1);
