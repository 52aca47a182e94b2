import type { ContentBlockParam, ModelMessage, ToolUseBlock, Turn } from './model-types.js';

/** The text blocks of a response, joined. */
export function textOf(message: ModelMessage): string {
  return message.content
    .flatMap((block) => (block.type === 'text' ? [block.text] : []))
    .join('\n')
    .trim();
}

export function toolUsesOf(message: ModelMessage): ToolUseBlock[] {
  return message.content.filter((block): block is ToolUseBlock => block.type === 'tool_use');
}

/**
 * A response as an assistant turn for history: text and tool_use blocks reduced to the
 * fields the API reads back (no citations: null, no caller), other blocks (thinking,
 * server tools) kept as they came.
 */
export function assistantTurnOf(message: ModelMessage): Turn {
  const content = message.content.map((block): ContentBlockParam => {
    if (block.type === 'text') return { type: 'text', text: block.text };
    if (block.type === 'tool_use') return { type: 'tool_use', id: block.id, name: block.name, input: block.input };
    return block as unknown as ContentBlockParam;
  });
  return { role: 'assistant', content };
}
