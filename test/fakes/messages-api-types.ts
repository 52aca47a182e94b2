/** The slice of the Anthropic Messages API request/response the fake reads and writes. */
export interface TextBlock {
  type: 'text';
  text: string;
}
export interface ToolUseBlock {
  type: 'tool_use';
  id: string;
  name: string;
  input: Record<string, unknown>;
}
export interface ToolResultBlock {
  type: 'tool_result';
  tool_use_id: string;
  content?: string | { type: string; text?: string }[];
  is_error?: boolean;
}
export type ContentBlock = TextBlock | ToolUseBlock | ToolResultBlock | { type: string };

export interface ApiMessage {
  role: 'user' | 'assistant';
  content: string | ContentBlock[];
}

export interface MessagesRequest {
  model?: string;
  max_tokens?: number;
  system?: string | { type: string; text?: string }[];
  messages?: ApiMessage[];
  tools?: { name: string }[];
  tool_choice?: { type: string; name?: string };
  stream?: boolean;
}

export type StopReason = 'end_turn' | 'tool_use';

/** What the scripted model decided for one request. */
export interface ModelStep {
  content: (TextBlock | Omit<ToolUseBlock, 'id'>)[];
  stopReason: StopReason;
}

export const blocksOf = (message: ApiMessage): ContentBlock[] =>
  typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : message.content;

export const isText = (block: ContentBlock): block is TextBlock => block.type === 'text' && typeof (block as TextBlock).text === 'string';
export const isToolUse = (block: ContentBlock): block is ToolUseBlock => block.type === 'tool_use';
export const isToolResult = (block: ContentBlock): block is ToolResultBlock => block.type === 'tool_result';

export function toolResultText(block: ToolResultBlock): string {
  if (typeof block.content === 'string') return block.content;
  return (block.content ?? []).map((part) => part.text ?? '').join('\n');
}
