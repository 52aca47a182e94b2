import { randomBytes } from 'node:crypto';
import type Anthropic from '@anthropic-ai/sdk';

/**
 * The Messages API's answers, as the real API sends them: the one place both Claude fakes
 * (the in-process `ScriptedClaude` of the tests and benchmarks, and the soak's loopback
 * server) build their message JSON, usage, error bodies and ids from.
 */

type ResponseMessage = Anthropic.Messages.Message;
export type Usage = Partial<
  Pick<Anthropic.Messages.Usage, 'input_tokens' | 'output_tokens' | 'cache_read_input_tokens' | 'cache_creation_input_tokens'>
>;

export const FAKE_MODEL = 'claude-sonnet-4-6';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const randomId = (prefix: string) => `${prefix}${Array.from(randomBytes(24), (byte) => BASE62[byte % 62]).join('')}`;

/** A request id (`request-id` header, `request_id` of error bodies). */
export const newRequestId = () => randomId('req_011C');
export const newMessageId = () => randomId('msg_01');
export const newToolUseId = () => randomId('toolu_01');

export const textBlock = (text: string) => ({ type: 'text' as const, text, citations: null });

export function toolUseBlock(name: string, input: Record<string, unknown>, id = newToolUseId()) {
  return { type: 'tool_use' as const, id, name, input, caller: { type: 'direct' as const } } as Anthropic.Messages.ToolUseBlock;
}

/** The `usage` of a message, cache fields and their 5-minute/1-hour split included. */
export function usageJson(usage: Usage = {}): ResponseMessage['usage'] {
  return {
    input_tokens: usage.input_tokens ?? 812,
    cache_creation_input_tokens: usage.cache_creation_input_tokens ?? 0,
    cache_read_input_tokens: usage.cache_read_input_tokens ?? 1450,
    cache_creation: { ephemeral_5m_input_tokens: usage.cache_creation_input_tokens ?? 0, ephemeral_1h_input_tokens: 0 },
    inference_geo: null,
    output_tokens: usage.output_tokens ?? 64,
    output_tokens_details: null,
    server_tool_use: null,
    service_tier: 'standard',
    speed: null,
  } as ResponseMessage['usage'];
}

/** A 200 body of `POST /v1/messages`. */
export function messageJson(
  content: ResponseMessage['content'],
  stopReason: string | null,
  options: { usage?: Usage; model?: string } = {},
): ResponseMessage {
  return {
    id: newMessageId(),
    type: 'message',
    role: 'assistant',
    model: options.model ?? FAKE_MODEL,
    content,
    stop_reason: stopReason as ResponseMessage['stop_reason'],
    stop_sequence: null,
    stop_details: null,
    container: null,
    diagnostics: null,
    usage: usageJson(options.usage),
  } as ResponseMessage;
}

/** The body of an error answer (`{"type":"error"}`), with the request id it also sends as a header. */
export const errorJson = (type: string, message: string, requestId = newRequestId()) => ({
  type: 'error' as const,
  error: { type, message },
  request_id: requestId,
});

/** The API's errors the fakes send, by name: status, type and message as the real API words them. */
export const API_ERRORS = {
  overloaded: { status: 529, type: 'overloaded_error', message: 'Overloaded' },
  internal: { status: 500, type: 'api_error', message: 'Internal server error' },
  unauthenticated: { status: 401, type: 'authentication_error', message: 'invalid x-api-key' },
  notFound: { status: 404, type: 'not_found_error', message: 'Not found' },
} as const;
