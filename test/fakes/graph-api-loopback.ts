import { setTimeout as sleep } from 'node:timers/promises';
import { metaWebhookEnvelope } from '../../src/cli/chat-webhook.js';
import { GRAPH_ERRORS, newWamid, readAnswerJson, sendAcceptedJson } from './graph-api-responses.js';
import { readBody, sendJson, startLoopbackServer } from './loopback-server.js';
import { postWebhook } from './post-webhook.js';
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
  /** `biz_opaque_callback_data` of the send, echoed in its status webhooks as Meta does */
  callbackData?: string;
  /** an interactive message's reply buttons (what a tap sends back as `button_reply`) */
  buttons?: { id: string; title: string }[];
  /** the sender's connection was gone before the answer (its process died mid-request): it never learnt the wamid */
  responseLost: boolean;
}

/** Where the fake posts status webhooks (sent, delivered) for accepted messages, as Meta does. */
export interface StatusWebhookTarget {
  urls: string[];
  appSecret: string;
}

export interface FakeGraphOptions {
  random: Pick<Random, 'int' | 'chance'>;
  latencyMs: [number, number];
  /** share of message sends answered with Meta's 500 error */
  errorRate: number;
  /** access tokens the fake accepts; anything else gets Meta's 401 */
  acceptedTokens: ReadonlySet<string>;
}

export interface FakeGraph {
  url: string;
  deliveries: GraphDelivery[];
  stats: {
    requests: number;
    errors500: number;
    unauthorized: number;
    readReceipts: number;
    rejected: number;
    statusWebhooks: number;
    statusWebhookFailures: number;
  };
  /** Called for every accepted message (the driver waits on it). */
  onDelivery(listener: (delivery: GraphDelivery) => void): void;
  /** Client ports of the message sends being answered right now (a sender killed now dies mid-send). */
  inFlightSendPorts(): number[];
  /** The process behind these in-flight sends was killed: their answers will reach no one. */
  senderKilled(ports: number[]): void;
  /** From now on, post signed `sent` and `delivered` status webhooks for accepted messages. */
  sendStatusesTo(target: StatusWebhookTarget): void;
  close(): Promise<void>;
}

/**
 * A loopback stand-in for the WhatsApp Cloud API's `POST /{version}/{phone-number-id}/messages`,
 * for service processes an in-process fake cannot reach (the soak, slow-Meta tests): realistic
 * latency, a share of 500 answers in Meta's error JSON, bearer-token check, and a log of every
 * accepted message, which is where duplicate replies show up. Its answers are `GraphApiFake`'s
 * (the same send and error JSON, from ./graph-api-responses.ts).
 */
export async function startFakeGraph(options: FakeGraphOptions): Promise<FakeGraph> {
  const deliveries: GraphDelivery[] = [];
  const listeners: ((delivery: GraphDelivery) => void)[] = [];
  const stats = { requests: 0, errors500: 0, unauthorized: 0, readReceipts: 0, rejected: 0, statusWebhooks: 0, statusWebhookFailures: 0 };
  let statusTarget: StatusWebhookTarget | undefined;
  let statusRoundRobin = 0;
  const pendingStatuses = new Set<Promise<void>>();
  let closing = false;
  const inFlightPorts = new Set<number>();
  const killedPorts = new Set<number>();
  const postStatuses = (delivery: GraphDelivery) => {
    const target = statusTarget;
    if (!target || closing) return;
    const task = (async () => {
      for (const [status, delay] of [
        ['sent', options.random.int(100, 600)],
        ['delivered', options.random.int(200, 1500)],
      ] as const) {
        await sleep(delay);
        if (closing) return;
        const url = target.urls[statusRoundRobin++ % target.urls.length] as string;
        const code = await postWebhook(url, statusPayload(delivery, status), target.appSecret);
        stats.statusWebhooks++;
        if (code !== 200) stats.statusWebhookFailures++;
      }
    })();
    pendingStatuses.add(task);
    void task.finally(() => pendingStatuses.delete(task));
  };
  const server = await startLoopbackServer(async (request, response) => {
    const match = /^\/(v\d+\.\d+)\/([^/]+)\/messages$/.exec(request.url ?? '');
    const raw = await readBody(request);
    if (request.method !== 'POST' || !match) {
      sendJson(response, 404, GRAPH_ERRORS.unknownPath(request.url));
      return;
    }
    stats.requests++;

    const phoneNumberId = match[2] as string;
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!token || !options.acceptedTokens.has(token)) {
      stats.unauthorized++;
      sendJson(response, 401, GRAPH_ERRORS.expiredToken());
      return;
    }
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      stats.rejected++;
      sendJson(response, 400, GRAPH_ERRORS.invalidParameter());
      return;
    }
    // A message send (not a read receipt) is now at "Meta": its sender's port tells who sent it.
    const senderPort = request.socket.remotePort;
    if (body.status !== 'read' && senderPort !== undefined) {
      inFlightPorts.add(senderPort);
      response.once('close', () => {
        inFlightPorts.delete(senderPort);
        killedPorts.delete(senderPort);
      });
    }
    await sleepBetween(options.random, options.latencyMs);
    if (body.status === 'read') {
      stats.readReceipts++;
      sendJson(response, 200, readAnswerJson());
      return;
    }
    // A send cut by a kill is the fault under test: Meta takes it (no injected 500 on top).
    if (!killedPorts.has(senderPort ?? -1) && options.random.chance(options.errorRate)) {
      stats.errors500++;
      sendJson(response, 500, GRAPH_ERRORS.somethingWentWrong());
      return;
    }
    const to = typeof body.to === 'string' ? body.to : '';
    const type = typeof body.type === 'string' ? body.type : '';
    const text = messageText(body);
    if (body.messaging_product !== 'whatsapp' || !to || !type || text === undefined) {
      stats.rejected++;
      sendJson(response, 400, GRAPH_ERRORS.missingMessagingProduct());
      return;
    }
    const wamid = newWamid();
    const callbackData = typeof body.biz_opaque_callback_data === 'string' ? body.biz_opaque_callback_data : undefined;
    const buttons = replyButtons(body);
    const delivery: GraphDelivery = {
      phoneNumberId,
      to,
      type,
      text,
      wamid,
      at: Date.now(),
      // A killed sender's kernel closed the connection while we were "working".
      responseLost: request.socket.destroyed || request.socket.readableEnded || killedPorts.has(senderPort ?? -1),
      ...(callbackData ? { callbackData } : {}),
      ...(buttons.length > 0 ? { buttons } : {}),
    };
    deliveries.push(delivery);
    for (const listener of listeners) listener(delivery);
    postStatuses(delivery);
    sendJson(response, 200, sendAcceptedJson({ to }, wamid));
  });
  return {
    url: server.url,
    deliveries,
    stats,
    onDelivery: (listener) => listeners.push(listener),
    inFlightSendPorts: () => [...inFlightPorts],
    senderKilled: (ports) => {
      for (const port of ports) if (inFlightPorts.has(port)) killedPorts.add(port);
    },
    sendStatusesTo: (target) => {
      statusTarget = target;
    },
    close: async () => {
      closing = true;
      await Promise.all(pendingStatuses);
      await server.close();
    },
  };
}

/** The webhook body Meta posts when a message it accepted changes status. */
function statusPayload(delivery: GraphDelivery, status: 'sent' | 'delivered') {
  return metaWebhookEnvelope(
    { phoneNumberId: delivery.phoneNumberId, displayPhoneNumber: '551130000000' },
    {
      statuses: [
        {
          id: delivery.wamid,
          status,
          timestamp: String(Math.floor(Date.now() / 1000)),
          recipient_id: delivery.to,
          ...(delivery.callbackData ? { biz_opaque_callback_data: delivery.callbackData } : {}),
          conversation: { id: 'c0ffee00c0ffee00c0ffee00c0ffee00', origin: { type: 'service' } },
          pricing: { billable: true, pricing_model: 'CBP', category: 'service' },
        },
      ],
    },
  );
}

function replyButtons(body: Record<string, unknown>): { id: string; title: string }[] {
  const action = (body.interactive as { action?: { buttons?: { reply?: { id?: unknown; title?: unknown } }[] } } | undefined)?.action;
  return (action?.buttons ?? []).flatMap((button) =>
    typeof button.reply?.id === 'string' ? [{ id: button.reply.id, title: String(button.reply.title ?? '') }] : [],
  );
}

function messageText(body: Record<string, unknown>): string | undefined {
  const text = body.text as { body?: unknown } | undefined;
  if (body.type === 'text') return typeof text?.body === 'string' ? text.body : undefined;
  const interactive = body.interactive as { body?: { text?: unknown } } | undefined;
  if (body.type === 'interactive') return typeof interactive?.body?.text === 'string' ? interactive.body.text : undefined;
  return JSON.stringify(body[String(body.type)] ?? null);
}

async function sleepBetween(random: Pick<Random, 'int'>, [min, max]: [number, number]) {
  const ms = random.int(min, max);
  if (ms > 0) await sleep(ms);
}
