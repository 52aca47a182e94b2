import { setTimeout as sleep } from 'node:timers/promises';
import { API_ERRORS, errorJson, messageJson, newRequestId, textBlock, toolUseBlock } from './anthropic-responses.js';
import { readBody, sendJson, startLoopbackServer } from './loopback-server.js';
import { blocksOf, isText, type MessagesRequest, type ModelStep } from './messages-api-types.js';
import type { Random } from './random.js';

/** One request the fake answered, kept for the final accounting. */
export interface ModelCall {
  startedAt: number;
  durationMs: number;
  status: number;
  /** stop_reason of a 200, the error type otherwise */
  outcome: string;
  toolNames: string[];
  /** every user text of the request, to attribute the call to a customer */
  userText: string;
  inputTokens: number;
  outputTokens: number;
}

export interface FakeAnthropicOptions {
  random: Pick<Random, 'int' | 'chance'>;
  latencyMs: [number, number];
  /** share of requests answered with 529 overloaded_error or 500 api_error */
  errorRate: number;
  /** what the model answers to a request it does not fail (the soak's scheduling policy) */
  decide(request: MessagesRequest): ModelStep;
}

export interface FakeAnthropic {
  url: string;
  calls: ModelCall[];
  close(): Promise<void>;
}

/**
 * A loopback Anthropic Messages API (`POST /v1/messages`) for the soak, whose service
 * processes cannot reach an in-process fake: accepts the SDK's `authorization: Bearer` and
 * `x-api-key`, waits a realistic model latency, fails a share of requests with the real
 * 529/500 error JSON, and otherwise answers with `decide`'s step, as `ScriptedClaude` does
 * (the same message, usage and error JSON, from ./anthropic-responses.ts). Every request is
 * logged with its duration so the report can subtract model time from reply latency.
 */
export async function startFakeAnthropic(options: FakeAnthropicOptions): Promise<FakeAnthropic> {
  const calls: ModelCall[] = [];
  const server = await startLoopbackServer(async (request, response) => {
    const raw = await readBody(request);
    const requestId = newRequestId();
    const sendError = (error: { status: number; type: string; message: string }, headers: Record<string, string> = {}) =>
      sendJson(response, error.status, errorJson(error.type, error.message, requestId), { 'request-id': requestId, ...headers });
    if (request.method !== 'POST' || !(request.url ?? '').startsWith('/v1/messages')) {
      sendError(API_ERRORS.notFound);
      return;
    }
    const authorised = Boolean(request.headers['x-api-key']) || /^Bearer .+/.test(request.headers.authorization ?? '');
    if (!authorised) {
      sendError(API_ERRORS.unauthenticated);
      return;
    }
    const startedAt = Date.now();
    const body = JSON.parse(raw) as MessagesRequest;
    const log = (status: number, outcome: string, step?: ModelStep, usage?: { input: number; output: number }) =>
      calls.push({
        startedAt,
        durationMs: Date.now() - startedAt,
        status,
        outcome,
        toolNames: step?.content.flatMap((block) => (block.type === 'tool_use' ? [block.name] : [])) ?? [],
        userText: allUserText(body),
        inputTokens: usage?.input ?? 0,
        outputTokens: usage?.output ?? 0,
      });
    if (body.stream) {
      log(400, 'stream_unsupported');
      sendError({ status: 400, type: 'invalid_request_error', message: 'the loopback fake does not stream' });
      return;
    }
    const latency = options.random.int(options.latencyMs[0], options.latencyMs[1]);
    if (options.random.chance(options.errorRate)) {
      // Real overloads come back fast; a 500 after part of the work.
      await sleep(options.random.chance(0.5) ? Math.min(latency, 80) : latency / 2);
      const error = options.random.chance(0.5) ? API_ERRORS.overloaded : API_ERRORS.internal;
      log(error.status, error.type);
      sendError(error, { 'x-should-retry': 'true' });
      return;
    }
    const step = options.decide(body);
    await sleep(latency);
    const content = step.content.map((block) =>
      block.type === 'tool_use' ? toolUseBlock(block.name, block.input) : textBlock(block.text),
    );
    const usage = estimateUsage(body, content);
    log(200, step.stopReason, step, usage);
    const answer = messageJson(content, step.stopReason, {
      model: body.model,
      usage: {
        input_tokens: usage.input - usage.cached,
        cache_creation_input_tokens: 0,
        cache_read_input_tokens: usage.cached,
        output_tokens: usage.output,
      },
    });
    sendJson(response, 200, answer, { 'request-id': requestId });
  });
  return { url: server.url, calls, close: server.close };
}

/** Roughly four characters a token, with the system prompt and tools read from the cache when marked. */
function estimateUsage(body: MessagesRequest, content: unknown) {
  const tokens = (value: unknown) => Math.ceil(JSON.stringify(value ?? '').length / 4);
  const input = tokens(body.system) + tokens(body.tools) + tokens(body.messages);
  const cacheable = JSON.stringify([body.system, body.tools]).includes('cache_control') ? tokens(body.system) + tokens(body.tools) : 0;
  return { input, cached: cacheable, output: tokens(content) + 8 };
}

/** Every user text of the request (earlier turns too), to tell which customer it belongs to. */
function allUserText(body: MessagesRequest): string {
  return (body.messages ?? [])
    .filter((message) => message.role === 'user')
    .flatMap((message) => blocksOf(message).filter(isText))
    .map((block) => block.text)
    .join('\n');
}
