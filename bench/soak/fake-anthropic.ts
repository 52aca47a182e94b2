import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { readConversationTurn } from './conversation-turn.js';
import { localDate } from './customer-intent.js';
import { readBody, sendJson, startLoopbackServer } from './loopback-server.js';
import type { MessagesRequest, ModelStep } from './messages-api-types.js';
import type { Random } from './random.js';
import { decideNextStep } from './scheduling-policy.js';

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
  random: Random;
  latencyMs: [number, number];
  /** share of requests answered with 529 overloaded_error or 500 api_error */
  errorRate: number;
  timeZone: string;
}

export interface FakeAnthropic {
  url: string;
  calls: ModelCall[];
  close(): Promise<void>;
}

const base62 = (length: number) =>
  [...randomBytes(length)].map((byte) => '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'[byte % 62]).join('');

/**
 * A loopback Anthropic Messages API (`POST /v1/messages`) for the soak: accepts the SDK's
 * `authorization: Bearer` and `x-api-key`, waits a realistic model latency, fails a share of
 * requests with the real 529/500 error JSON, and otherwise answers with the scheduling
 * policy's next step, realistic ids and `usage`. Every request is logged with its duration
 * so the report can subtract model time from reply latency.
 */
export async function startFakeAnthropic(options: FakeAnthropicOptions): Promise<FakeAnthropic> {
  const calls: ModelCall[] = [];
  const server = await startLoopbackServer(async (request, response) => {
    const raw = await readBody(request);
    const requestId = `req_011C${base62(20)}`;
    if (request.method !== 'POST' || !(request.url ?? '').startsWith('/v1/messages')) {
      sendJson(response, 404, { type: 'error', error: { type: 'not_found_error', message: 'Not found' }, request_id: requestId });
      return;
    }
    const authorised = Boolean(request.headers['x-api-key']) || /^Bearer .+/.test(request.headers.authorization ?? '');
    if (!authorised) {
      sendJson(response, 401, {
        type: 'error',
        error: { type: 'authentication_error', message: 'x-api-key header is required' },
        request_id: requestId,
      });
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
        userText: readConversationTurn(body).allUserText,
        inputTokens: usage?.input ?? 0,
        outputTokens: usage?.output ?? 0,
      });
    if (body.stream) {
      log(400, 'stream_unsupported');
      sendJson(response, 400, {
        type: 'error',
        error: { type: 'invalid_request_error', message: 'the soak fake does not stream' },
        request_id: requestId,
      });
      return;
    }
    const latency = options.random.int(options.latencyMs[0], options.latencyMs[1]);
    if (options.random.chance(options.errorRate)) {
      // Real overloads come back fast; a 500 after part of the work.
      await sleep(options.random.chance(0.5) ? Math.min(latency, 80) : latency / 2);
      const overloaded = options.random.chance(0.5);
      const status = overloaded ? 529 : 500;
      const type = overloaded ? 'overloaded_error' : 'api_error';
      log(status, type);
      sendJson(
        response,
        status,
        { type: 'error', error: { type, message: overloaded ? 'Overloaded' : 'Internal server error' }, request_id: requestId },
        { 'request-id': requestId, 'x-should-retry': 'true' },
      );
      return;
    }
    const step = decideNextStep(body, localDate(options.timeZone));
    await sleep(latency);
    const content = step.content.map((block) => (block.type === 'tool_use' ? { ...block, id: `toolu_01${base62(22)}` } : block));
    const usage = estimateUsage(body, content);
    log(200, step.stopReason, step, usage);
    sendJson(
      response,
      200,
      {
        id: `msg_01${base62(22)}`,
        type: 'message',
        role: 'assistant',
        model: body.model ?? 'claude-sonnet-4-5',
        content,
        stop_reason: step.stopReason,
        stop_sequence: null,
        usage: {
          input_tokens: usage.input - usage.cached,
          cache_creation_input_tokens: 0,
          cache_read_input_tokens: usage.cached,
          output_tokens: usage.output,
          service_tier: 'standard',
        },
      },
      { 'request-id': requestId },
    );
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
