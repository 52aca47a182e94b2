import { afterEach, describe, expect, it } from 'vitest';
import { overloaded, ScriptedClaude, text } from './anthropic.js';
import { startFakeAnthropic } from './anthropic-loopback.js';
import { GraphApiFake } from './graph-api.js';
import { startFakeGraph } from './graph-api-loopback.js';
import { createRandom } from './random.js';

/** The structure of a JSON value: its keys (recursively) and the types of its leaves, not the values. */
function shapeOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shapeOf);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, inner]) => [key, shapeOf(inner)]),
    );
  return value === null ? 'null' : typeof value;
}

const messagesRequest = {
  model: 'claude-sonnet-4-6',
  max_tokens: 64,
  messages: [{ role: 'user', content: 'Oi' }],
};

async function answerOf(response: Response) {
  return {
    status: response.status,
    requestId: response.headers.get('request-id'),
    body: (await response.json()) as Record<string, unknown>,
  };
}

describe('the msw fakes and the loopback fakes answer alike (one set of response builders)', () => {
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    await Promise.all(closers.splice(0).map((close) => close()));
  });

  const scripted = (step: Parameters<ScriptedClaude['enqueue']>[0]) =>
    new ScriptedClaude().enqueue(step).handle(
      new Request('https://api.anthropic.com/v1/messages', {
        method: 'POST',
        headers: { 'x-api-key': 'sk-ant-test' },
        body: JSON.stringify(messagesRequest),
      }),
    );
  const loopback = async (errorRate: number) => {
    const fake = await startFakeAnthropic({
      random: createRandom(5),
      latencyMs: [0, 0],
      errorRate,
      decide: () => ({ content: [{ type: 'text', text: 'Olá!' }], stopReason: 'end_turn' }),
    });
    closers.push(fake.close);
    return fetch(`${fake.url}/v1/messages`, {
      method: 'POST',
      headers: { 'x-api-key': 'sk-ant-test' },
      body: JSON.stringify(messagesRequest),
    });
  };

  it('when both Claude fakes answer a message, then its JSON (ids, usage and its cache fields) has one shape and a request id', async () => {
    const inProcess = await answerOf(await scripted(text('Olá!')));
    const overLoopback = await answerOf(await loopback(0));
    expect(shapeOf(overLoopback.body)).toEqual(shapeOf(inProcess.body));
    for (const answer of [inProcess, overLoopback]) {
      expect(answer.status).toBe(200);
      expect(answer.requestId).toMatch(/^req_011C/);
      expect(answer.body).toMatchObject({ id: expect.stringMatching(/^msg_01/), model: 'claude-sonnet-4-6', stop_reason: 'end_turn' });
    }
  });

  it('when both Claude fakes fail a request, then the error body has one shape and names the request id of its header', async () => {
    const inProcess = await answerOf(await scripted(overloaded()));
    const overLoopback = await answerOf(await loopback(1));
    expect(shapeOf(overLoopback.body)).toEqual(shapeOf(inProcess.body));
    for (const answer of [inProcess, overLoopback]) {
      expect([500, 529]).toContain(answer.status);
      expect(answer.body).toMatchObject({ type: 'error', request_id: answer.requestId });
    }
  });

  const send = (url: string) =>
    fetch(`${url}/v23.0/106540352242922/messages`, {
      method: 'POST',
      headers: { authorization: 'Bearer EAAG-ok', 'content-type': 'application/json' },
      body: JSON.stringify({ messaging_product: 'whatsapp', to: '5511987654321', type: 'text', text: { body: 'Oi' } }),
    });
  const graphs = async (errorRate: number) => {
    const inProcess = new GraphApiFake();
    if (errorRate > 0) inProcess.script(500);
    const served = await inProcess.listen();
    const overLoopback = await startFakeGraph({
      random: createRandom(5),
      latencyMs: [0, 0],
      errorRate,
      acceptedTokens: new Set(['EAAG-ok']),
    });
    closers.push(served.close, overLoopback.close);
    return [await answerOf(await send(served.url)), await answerOf(await send(overLoopback.url))] as const;
  };

  it('when both Graph fakes accept a send, then the answer (contacts, message id and status) has one shape', async () => {
    const [inProcess, overLoopback] = await graphs(0);
    expect(shapeOf(overLoopback.body)).toEqual(shapeOf(inProcess.body));
    for (const answer of [inProcess, overLoopback]) {
      expect(answer.body).toMatchObject({ contacts: [{ wa_id: '5511987654321' }], messages: [{ id: expect.stringMatching(/^wamid\./) }] });
    }
  });

  it("when both Graph fakes fail a send with 500, then each answers Meta's error JSON", async () => {
    const [inProcess, overLoopback] = await graphs(1);
    for (const answer of [inProcess, overLoopback]) {
      expect(answer.status).toBe(500);
      expect(answer.body).toEqual({
        error: expect.objectContaining({
          message: expect.any(String),
          type: 'OAuthException',
          code: expect.any(Number),
          fbtrace_id: expect.any(String),
        }),
      });
    }
  });
});
