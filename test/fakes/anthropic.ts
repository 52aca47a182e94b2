import type Anthropic from '@anthropic-ai/sdk';
import { HttpResponse, http } from 'msw';
import type { SetupServer } from 'msw/node';
import { API_ERRORS, errorJson, messageJson, newRequestId, textBlock, toolUseBlock, type Usage } from './anthropic-responses.js';

export { FAKE_MODEL, textBlock, toolUseBlock } from './anthropic-responses.js';

/**
 * The one scripted Claude every agent test (and the agent benchmark) uses: a queue of
 * Messages API responses served in order, each either fixed or computed from the request.
 * It answers with the JSON the real API sends (ids, model, usage with cache fields,
 * `{"type":"error"}` bodies with a request-id header) and refuses requests the real API
 * would refuse (roles not alternating, a tool_use without its tool_result, results after
 * text, more than 4 cache breakpoints), so a loop bug shows up as the 400 it would be.
 */

type MessageBody = Anthropic.Messages.MessageCreateParamsNonStreaming;
type ResponseMessage = Anthropic.Messages.Message;

export interface FakeError {
  status: number;
  type: string;
  message: string;
  headers?: Record<string, string>;
}
/** What one step of the script answers: a message, an error, or either after a delay. */
export type FakeReply = { message: ResponseMessage; delayMs?: number } | { error: FakeError; delayMs?: number };
export type ScriptStep = FakeReply | ((request: RecordedRequest) => FakeReply | Promise<FakeReply>);

export interface RecordedRequest {
  body: MessageBody;
  /** the exact bytes sent, for size measurements and "never contains X" checks */
  raw: string;
  headers: Record<string, string>;
  /** the HTTP status the fake answered (set once answered): 400 when it refused the request as the API would */
  status?: number;
}

/**
 * A script is strict: `checkScriptedClaudes` (run after every test by test/support/setup-file.ts)
 * fails the test when a script created under tracking still has steps nobody asked for, or
 * answered a request with no step left (an extra call, served as a 500 so the code under test
 * meets a real failure, not a silent success). A test that means an unbounded answer says so
 * with `always(step)`.
 */
export class ScriptedClaude {
  readonly requests: RecordedRequest[] = [];
  private readonly script: ScriptStep[] = [];
  private alwaysStep: ScriptStep | undefined;
  /** requests that found the script empty (and no `always`) since the last check */
  private extraRequests = 0;
  /** where the script was created, to name it in the check's message */
  readonly createdAt: string | undefined;

  constructor() {
    if (tracked) {
      this.createdAt = creationSite(new Error().stack);
      tracked.add(this);
    }
  }

  /** Queues steps, served one per request in order; each must be asked for before the test ends. */
  enqueue(...steps: ScriptStep[]): this {
    this.script.push(...steps);
    return this;
  }

  /** Serves `step` to every request once the queued steps are used up, as many times as asked (never an "extra" call). */
  always(step: ScriptStep): this {
    this.alwaysStep = step;
    return this;
  }

  get remaining(): number {
    return this.script.length;
  }

  /**
   * What is wrong with the script so far (unused steps, extra requests), then forgotten: the
   * unused steps are dropped and the count starts again, so a script shared by several tests
   * is judged per test.
   */
  takeProblems(): string[] {
    const problems: string[] = [];
    if (this.script.length > 0)
      problems.push(`${this.script.length} scripted step(s) never asked for (the code made fewer model calls than scripted)`);
    if (this.extraRequests > 0)
      problems.push(
        `${this.extraRequests} request(s) with no step left (answered 500; script the call, or say always(step) if the test means it)`,
      );
    this.script.length = 0;
    this.extraRequests = 0;
    return problems;
  }

  /** Serves one HTTP request the way POST /v1/messages does; the recorded request keeps the status it got. */
  async handle(request: Request): Promise<Response> {
    const raw = await request.text();
    const body = JSON.parse(raw) as MessageBody;
    const recorded: RecordedRequest = { body, raw, headers: Object.fromEntries(request.headers.entries()) };
    this.requests.push(recorded);
    const response = await this.answer(request, recorded);
    recorded.status = response.status;
    return response;
  }

  private async answer(request: Request, recorded: RecordedRequest): Promise<Response> {
    const { body } = recorded;
    const authorization = request.headers.get('authorization') ?? request.headers.get('x-api-key');
    if (!authorization) return errorResponse(API_ERRORS.unauthenticated);
    const problem = validateRequest(body);
    if (problem) return errorResponse({ status: 400, type: 'invalid_request_error', message: problem });
    const step = this.script.shift() ?? this.alwaysStep;
    if (!step) {
      this.extraRequests++;
      return errorResponse({ status: 500, type: 'api_error', message: 'scripted fake: no response left in the script' });
    }
    const reply = typeof step === 'function' ? await step(recorded) : step;
    if (reply.delayMs) await abortableDelay(reply.delayMs, request.signal);
    if ('error' in reply) return errorResponse(reply.error);
    // The API answers with the model it ran, which is the one asked for.
    return Response.json({ ...reply.message, model: body.model }, { headers: { 'request-id': newRequestId() } });
  }

  /** The tool_result blocks of the latest request, in order. */
  lastToolResults(): Anthropic.Messages.ToolResultBlockParam[] {
    const last = this.requests.at(-1)?.body.messages.at(-1);
    if (!last || typeof last.content === 'string') return [];
    const blocks: Anthropic.Messages.ContentBlockParam[] = last.content;
    return blocks.filter((block): block is Anthropic.Messages.ToolResultBlockParam => block.type === 'tool_result');
  }
}

// ---- strictness: every script tracked, checked after each test ------------------------

let tracked: Set<ScriptedClaude> | undefined;

/** From now on every new ScriptedClaude is tracked for `checkScriptedClaudes` (the tests' setup file turns this on). */
export function trackScriptedClaudes(): void {
  tracked ??= new Set();
}

/**
 * The problems of every tracked script, each named by where it was created; the scripts stay
 * tracked (one made in `beforeAll` serves several tests), their problems are forgotten.
 */
export function checkScriptedClaudes(): string[] {
  return [...(tracked ?? [])].flatMap((fake) =>
    fake.takeProblems().map((problem) => `ScriptedClaude${fake.createdAt ? ` created at ${fake.createdAt}` : ''}: ${problem}`),
  );
}

/** Stops watching the scripts made so far (a test file's end). */
export function forgetScriptedClaudes(): void {
  tracked?.clear();
}

/** The test line that made the script (or, made elsewhere, the first line outside this file). */
function creationSite(stack: string | undefined): string | undefined {
  const frames = (stack ?? '')
    .split('\n')
    .slice(1)
    .map((line) => line.trim().replace(/^at\s+/, ''))
    .filter((frame) => !frame.includes('/test/fakes/anthropic.'));
  return frames.find((frame) => frame.includes('.test.ts')) ?? frames[0];
}

/** Serves `fake` on msw for `baseUrl` (the SDK default unless ANTHROPIC_BASE_URL says otherwise). */
export function installScriptedClaude(server: SetupServer, baseUrl = 'https://api.anthropic.com'): ScriptedClaude {
  drainMockedResponseCopies(server);
  const fake = new ScriptedClaude();
  server.use(http.post(`${baseUrl.replace(/\/$/, '')}/v1/messages`, ({ request }) => fake.handle(request)));
  return fake;
}

const drained = new WeakSet<SetupServer>();
/**
 * msw hands listeners a tee'd copy of every mocked response; a tee branch's cancel() only
 * settles once the other branch is read or cancelled. The SDK cancels the body of a
 * response it is about to retry (429/5xx/529), so without this the retry hangs forever.
 */
function drainMockedResponseCopies(server: SetupServer) {
  if (drained.has(server)) return;
  drained.add(server);
  server.events.on('response:mocked', ({ response }) => {
    response.body?.cancel().catch(() => undefined);
  });
}

/** A `fetch` for `new Anthropic({ fetch })` that serves `fake` in-process, with no network at all. */
export function inProcessFetch(fake: ScriptedClaude): typeof fetch {
  return async (url, init) => fake.handle(new Request(url, init));
}

// ---- response builders -------------------------------------------------------------

export function message(content: ResponseMessage['content'], stopReason: string | null, usage: Usage = {}): { message: ResponseMessage } {
  return { message: messageJson(content, stopReason, { usage }) };
}

/** A final text answer (`end_turn` unless told otherwise). */
export function text(answer: string, options: { stopReason?: string; usage?: Usage } = {}) {
  return message([textBlock(answer)], options.stopReason ?? 'end_turn', options.usage);
}

/** One response calling the given tools (in parallel), optionally after some text. */
export function toolCalls(
  calls: { name: string; input?: Record<string, unknown>; id?: string }[],
  options: { preamble?: string; usage?: Usage } = {},
) {
  const blocks = calls.map((call) => toolUseBlock(call.name, call.input ?? {}, call.id));
  return message([...(options.preamble ? [textBlock(options.preamble)] : []), ...blocks], 'tool_use', options.usage);
}

export function apiError(status: number, type: string, messageText: string, headers?: Record<string, string>): { error: FakeError } {
  return { error: { status, type, message: messageText, headers } };
}

/** 529 as the API sends it when overloaded; `retry-after-ms` keeps the SDK's back-off short in tests. */
export const overloaded = () =>
  apiError(API_ERRORS.overloaded.status, API_ERRORS.overloaded.type, API_ERRORS.overloaded.message, {
    'retry-after-ms': '5',
    'x-should-retry': 'true',
  });

// ---- the API's own request checks ---------------------------------------------------

function errorResponse(error: FakeError): Response {
  const requestId = newRequestId();
  return HttpResponse.json(errorJson(error.type, error.message, requestId), {
    status: error.status,
    headers: { 'request-id': requestId, ...error.headers },
  });
}

function validateRequest(body: MessageBody): string | null {
  if (!body.model || typeof body.max_tokens !== 'number') return 'model: Field required';
  const messages = body.messages;
  if (!Array.isArray(messages) || messages.length === 0) return 'messages: at least one message is required';
  if (messages[0]?.role !== 'user') return 'messages: first message must use the "user" role';
  let breakpoints = countCacheControl(body.system) + countCacheControl(body.tools);
  for (let index = 0; index < messages.length; index++) {
    const current = messages[index] as Anthropic.Messages.MessageParam;
    const blocks = typeof current.content === 'string' ? [] : current.content;
    breakpoints += countCacheControl(blocks);
    if (index > 0 && messages[index - 1]?.role === current.role)
      return `messages: roles must alternate between "user" and "assistant", but found multiple "${current.role}" roles in a row`;
    if (typeof current.content !== 'string' && current.content.length === 0 && index < messages.length - 1)
      return `messages.${index}: all messages must have non-empty content except for the optional final assistant message`;
    const previous = messages[index - 1];
    const expected = new Set(
      previous && typeof previous.content !== 'string' && previous.role === 'assistant'
        ? previous.content.flatMap((block) => (block.type === 'tool_use' ? [block.id] : []))
        : [],
    );
    if (current.role === 'user') {
      let seenOther = false;
      for (const block of blocks) {
        if (block.type !== 'tool_result') {
          seenOther = true;
          continue;
        }
        if (seenOther) return `messages.${index}: tool_result blocks must come first in the user message`;
        if (!expected.delete(block.tool_use_id))
          return `messages.${index}.content: unexpected \`tool_use_id\` found in \`tool_result\` blocks: ${block.tool_use_id}. Each \`tool_result\` block must have a corresponding \`tool_use\` block in the previous message.`;
      }
    }
    if (expected.size > 0)
      return `messages.${index}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${[...expected].join(', ')}. Each \`tool_use\` block must have a corresponding \`tool_result\` block in the next message.`;
  }
  const last = messages.at(-1);
  if (last?.role === 'assistant' && typeof last.content !== 'string' && last.content.some((block) => block.type === 'tool_use')) {
    return 'messages: the final assistant message cannot end with tool_use without tool_result';
  }
  if (breakpoints > 4) return `A maximum of 4 blocks with cache_control may be provided. Found ${breakpoints}.`;
  return null;
}

function countCacheControl(value: unknown): number {
  if (!Array.isArray(value)) return 0;
  return value.filter((item) => typeof item === 'object' && item !== null && 'cache_control' in item && item.cache_control).length;
}

/** Waits, unless the client gives up first (then the reply no longer matters). */
function abortableDelay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}
