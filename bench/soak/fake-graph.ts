import { randomBytes } from 'node:crypto';
import { readBody, sendJson, startLoopbackServer } from './loopback-server.js';
import type { Random } from './random.js';

/** One message Meta accepted (2xx) and would deliver to the customer. */
export interface GraphDelivery {
  phoneNumberId: string;
  to: string;
  type: string;
  /** text body, or the body text of an interactive message */
  text: string;
  wamid: string;
  at: number;
}

export interface FakeGraphOptions {
  random: Random;
  latencyMs: [number, number];
  /** share of message sends answered with Meta's 500 error */
  errorRate: number;
  /** access tokens the fake accepts; anything else gets Meta's 401 */
  acceptedTokens: ReadonlySet<string>;
}

export interface FakeGraph {
  url: string;
  deliveries: GraphDelivery[];
  stats: { requests: number; errors500: number; unauthorized: number; readReceipts: number; rejected: number };
  /** Called for every accepted message (the driver waits on it). */
  onDelivery(listener: (delivery: GraphDelivery) => void): void;
  close(): Promise<void>;
}

/**
 * A loopback stand-in for the WhatsApp Cloud API's `POST /{version}/{phone-number-id}/messages`:
 * realistic latency, a share of 500 answers in Meta's error JSON, bearer-token check, and a
 * log of every accepted message, which is where duplicate replies show up.
 */
export async function startFakeGraph(options: FakeGraphOptions): Promise<FakeGraph> {
  const deliveries: GraphDelivery[] = [];
  const listeners: ((delivery: GraphDelivery) => void)[] = [];
  const stats = { requests: 0, errors500: 0, unauthorized: 0, readReceipts: 0, rejected: 0 };
  const server = await startLoopbackServer(async (request, response) => {
    const match = /^\/(v\d+\.\d+)\/([^/]+)\/messages$/.exec(request.url ?? '');
    const raw = await readBody(request);
    if (request.method !== 'POST' || !match) {
      sendJson(response, 404, metaError(`Unknown path components: ${request.url}`, 'OAuthException', 2500));
      return;
    }
    stats.requests++;
    const phoneNumberId = match[2] as string;
    await sleepBetween(options.random, options.latencyMs);
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!token || !options.acceptedTokens.has(token)) {
      stats.unauthorized++;
      sendJson(response, 401, metaError('Error validating access token: Session has expired.', 'OAuthException', 190));
      return;
    }
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      stats.rejected++;
      sendJson(response, 400, metaError('(#100) Invalid parameter', 'OAuthException', 100));
      return;
    }
    if (body.status === 'read') {
      stats.readReceipts++;
      sendJson(response, 200, { success: true });
      return;
    }
    if (options.random.chance(options.errorRate)) {
      stats.errors500++;
      sendJson(response, 500, {
        error: {
          message: '(#131000) Something went wrong',
          type: 'OAuthException',
          code: 131000,
          error_data: { messaging_product: 'whatsapp', details: 'Something went wrong' },
          fbtrace_id: fbtraceId(),
        },
      });
      return;
    }
    const to = typeof body.to === 'string' ? body.to : '';
    const type = typeof body.type === 'string' ? body.type : '';
    const text = messageText(body);
    if (body.messaging_product !== 'whatsapp' || !to || !type || text === undefined) {
      stats.rejected++;
      sendJson(response, 400, metaError('(#100) The parameter messaging_product is required.', 'OAuthException', 100));
      return;
    }
    const wamid = `wamid.HBgN${randomBytes(18).toString('base64url').toUpperCase()}`;
    const delivery: GraphDelivery = { phoneNumberId, to, type, text, wamid, at: Date.now() };
    deliveries.push(delivery);
    for (const listener of listeners) listener(delivery);
    sendJson(response, 200, { messaging_product: 'whatsapp', contacts: [{ input: to, wa_id: to }], messages: [{ id: wamid }] });
  });
  return {
    url: server.url,
    deliveries,
    stats,
    onDelivery: (listener) => listeners.push(listener),
    close: server.close,
  };
}

function messageText(body: Record<string, unknown>): string | undefined {
  const text = body.text as { body?: unknown } | undefined;
  if (body.type === 'text') return typeof text?.body === 'string' ? text.body : undefined;
  const interactive = body.interactive as { body?: { text?: unknown } } | undefined;
  if (body.type === 'interactive') return typeof interactive?.body?.text === 'string' ? interactive.body.text : undefined;
  return JSON.stringify(body[String(body.type)] ?? null);
}

function metaError(message: string, type: string, code: number) {
  return { error: { message, type, code, fbtrace_id: fbtraceId() } };
}

const fbtraceId = () => `A${randomBytes(11).toString('base64url')}`;

async function sleepBetween(random: Random, [min, max]: [number, number]) {
  const ms = random.int(min, max);
  if (ms > 0) await new Promise((resolve) => setTimeout(resolve, ms));
}
