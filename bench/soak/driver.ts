import { setTimeout as sleep } from 'node:timers/promises';
import type { FakeGraph, GraphDelivery } from '../../test/fakes/graph-api-loopback.js';
import { postWebhook } from '../../test/fakes/post-webhook.js';
import type { Random } from '../../test/fakes/random.js';
import type { CustomerPlan } from './customer-script.js';
import { inboundTextPayload, newWamid } from './meta-webhook.js';
import type { SoakTenant } from './seed-tenants.js';

export interface DriverOptions {
  plans: CustomerPlan[];
  tenants: SoakTenant[];
  webUrls: string[];
  appSecret: string;
  graph: FakeGraph;
  random: Random;
  /** share of messages Meta delivers twice (half at once to another web process, half later) */
  duplicateRate: number;
  replyTimeoutMs: number;
  thinkMs: [number, number];
  burstGapMs: [number, number];
  delayedDuplicateMs: [number, number];
  /**
   * Open loop: a customer sends each turn this long after the previous one started, whether
   * or not the bot has answered, so the offered load does not fall when the service slows
   * down (a saturation test). Unset: closed loop, a customer waits for each reply.
   */
  turnIntervalMs?: number;
  /** called after each distinct message is acknowledged, with the running count */
  onMessageSent?: (count: number) => void;
}

export interface SentMessage {
  customerIndex: number;
  wamid: string;
  text: string;
  sentAt: number;
  /** HTTP statuses of every delivery attempt of this message (retries and duplicates) */
  statuses: number[];
  duplicate?: 'concurrent' | 'delayed';
}

export interface TurnResult {
  customerIndex: number;
  turn: number;
  firstSentAt: number;
  lastSentAt: number;
  repliedAt?: number;
  reply?: string;
}

export interface DriverResult {
  sent: SentMessage[];
  turns: TurnResult[];
  startedAt: number;
  finishedAt: number;
}

const META_RETRIES = 4;

/**
 * Plays every customer's script against the web processes as Meta would deliver it: signed
 * webhooks, round-robin over the web processes, retried when not answered 200, some delivered
 * twice (concurrently or later), bursts typed within a second. Each customer waits for a reply
 * (or `replyTimeoutMs`) before the next turn, like a person. Resolves when every customer is
 * done and every delayed duplicate has been delivered.
 */
export async function driveCustomers(options: DriverOptions): Promise<DriverResult> {
  const mailbox = createMailbox(options.graph);
  const sent: SentMessage[] = [];
  const turns: TurnResult[] = [];
  const lateDuplicates: Promise<void>[] = [];
  let roundRobin = 0;
  let acknowledged = 0;
  const nextUrl = () => options.webUrls[roundRobin++ % options.webUrls.length] as string;
  const startedAt = Date.now();

  const deliver = async (url: string, payload: unknown, record: SentMessage) => {
    for (let attempt = 0; attempt <= META_RETRIES; attempt++) {
      const status = await postWebhook(url, payload, options.appSecret);
      record.statuses.push(status);
      if (status === 200) return;
      await sleep(300 * 2 ** attempt);
    }
  };

  const sendMessage = async (plan: CustomerPlan, text: string) => {
    const tenant = options.tenants[plan.tenantIndex];
    if (!tenant) throw new Error(`no tenant ${plan.tenantIndex}`);
    const record: SentMessage = { customerIndex: plan.index, wamid: newWamid(), text, sentAt: Date.now(), statuses: [] };
    const payload = inboundTextPayload({
      phoneNumberId: tenant.phoneNumberId,
      displayPhoneNumber: tenant.displayPhoneNumber,
      waId: plan.waId,
      profileName: plan.name,
      wamid: record.wamid,
      text,
      at: new Date(record.sentAt),
    });
    sent.push(record);
    if (options.random.chance(options.duplicateRate)) {
      if (options.random.chance(0.5)) {
        record.duplicate = 'concurrent';
        await Promise.all([deliver(nextUrl(), payload, record), deliver(nextUrl(), payload, record)]);
      } else {
        record.duplicate = 'delayed';
        await deliver(nextUrl(), payload, record);
        const delay = options.random.int(...options.delayedDuplicateMs);
        lateDuplicates.push(sleep(delay).then(() => deliver(nextUrl(), payload, record)));
      }
    } else {
      await deliver(nextUrl(), payload, record);
    }
    acknowledged++;
    options.onMessageSent?.(acknowledged);
    return record;
  };

  const sendTurn = async (plan: CustomerPlan, messages: string[]) => {
    const firstSentAt = Date.now();
    let lastSentAt = firstSentAt;
    for (const [position, text] of messages.entries()) {
      if (position > 0) await sleep(options.random.int(...options.burstGapMs));
      lastSentAt = (await sendMessage(plan, text)).sentAt;
    }
    return { firstSentAt, lastSentAt };
  };

  const playCustomer = async (plan: CustomerPlan) => {
    await sleep(plan.startAfterMs);
    let timeoutMs = options.replyTimeoutMs;
    for (const [turnIndex, messages] of plan.turns.entries()) {
      const { firstSentAt, lastSentAt } = await sendTurn(plan, messages);
      const reply = await mailbox.waitForReply(plan.waId, firstSentAt, timeoutMs);
      turns.push({ customerIndex: plan.index, turn: turnIndex, firstSentAt, lastSentAt, repliedAt: reply?.at, reply: reply?.text });
      // A silent bot usually means a person took over: the customer stops waiting as long.
      if (!reply) timeoutMs = Math.min(timeoutMs, 5_000);
      await sleep(options.random.int(...options.thinkMs));
    }
  };

  /** Open loop: turns on a fixed schedule; each reply is still awaited (for latency), just not before the next turn. */
  const playCustomerOnSchedule = async (plan: CustomerPlan, intervalMs: number) => {
    await sleep(plan.startAfterMs);
    const start = Date.now();
    const replies: Promise<void>[] = [];
    for (const [turnIndex, messages] of plan.turns.entries()) {
      await sleep(Math.max(0, start + turnIndex * intervalMs - Date.now()));
      const { firstSentAt, lastSentAt } = await sendTurn(plan, messages);
      replies.push(
        mailbox.waitForReply(plan.waId, firstSentAt, options.replyTimeoutMs).then((reply) => {
          turns.push({ customerIndex: plan.index, turn: turnIndex, firstSentAt, lastSentAt, repliedAt: reply?.at, reply: reply?.text });
        }),
      );
    }
    await Promise.all(replies);
  };

  const intervalMs = options.turnIntervalMs;
  await Promise.all(options.plans.map((plan) => (intervalMs ? playCustomerOnSchedule(plan, intervalMs) : playCustomer(plan))));
  await Promise.all(lateDuplicates);
  return { sent, turns, startedAt, finishedAt: Date.now() };
}

function createMailbox(graph: FakeGraph) {
  const byCustomer = new Map<string, GraphDelivery[]>();
  const waiters = new Set<() => void>();
  graph.onDelivery((delivery) => {
    const list = byCustomer.get(delivery.to) ?? [];
    list.push(delivery);
    byCustomer.set(delivery.to, list);
    for (const wake of waiters) wake();
  });
  const find = (waId: string, since: number) => byCustomer.get(waId)?.find((delivery) => delivery.at >= since);
  return {
    /** The first message delivered to the customer at or after `since`, or undefined after `timeoutMs`. */
    waitForReply: (waId: string, since: number, timeoutMs: number) =>
      new Promise<GraphDelivery | undefined>((resolve) => {
        const found = find(waId, since);
        if (found) return resolve(found);
        const check = () => {
          const delivery = find(waId, since);
          if (delivery) finish(delivery);
        };
        const finish = (delivery: GraphDelivery | undefined) => {
          waiters.delete(check);
          clearTimeout(timer);
          resolve(delivery);
        };
        const timer = setTimeout(() => finish(undefined), timeoutMs);
        waiters.add(check);
      }),
  };
}
