import type Anthropic from '@anthropic-ai/sdk';

/** Messages API shapes the loop uses, named once so the rest of the agent reads plainly. */
export type ModelMessage = Anthropic.Messages.Message;
export type MessageParam = Anthropic.Messages.MessageParam;
export type ContentBlockParam = Anthropic.Messages.ContentBlockParam;
export type ToolUseBlock = Anthropic.Messages.ToolUseBlock;
export type ToolResultBlockParam = Anthropic.Messages.ToolResultBlockParam;
export type TextBlockParam = Anthropic.Messages.TextBlockParam;
export type ApiTool = Anthropic.Messages.Tool;
export type CreateMessageParams = Anthropic.Messages.MessageCreateParamsNonStreaming;

/** A stored or outgoing turn: role plus content blocks (never the string shorthand). */
export interface Turn {
  role: 'user' | 'assistant';
  content: ContentBlockParam[];
}
