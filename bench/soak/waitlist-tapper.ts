import { setTimeout as sleep } from 'node:timers/promises';
import { customerMessageWebhook } from '../../src/cli/chat-webhook.js';
import type { FakeGraph, GraphDelivery } from '../../test/fakes/graph-api-loopback.js';
import { postWebhook } from '../../test/fakes/post-webhook.js';
import type { CustomerPlan } from './customer-script.js';
import { newWamid } from './meta-webhook.js';
import type { SoakTenant } from './seed-tenants.js';

/** The payload prefix of a waitlist offer's button (docs/waitlist.md, "The offer"). */
const OFFER_PAYLOAD = /^w1\./;

export interface WaitlistTapper {
  /** offers that reached a customer's phone, and the taps sent back (each offer tapped once) */
  offersSeen(): number;
  /** Waits for the taps in flight; how many were sent (200 from a web process). */
  settle(): Promise<number>;
}

/**
 * The customers' side of the soak's waitlist: every offer the service sends (an interactive
 * message whose reply button carries `w1.<token>`) is tapped by its customer a moment later,
 * as a signed `button_reply` webhook to a web process, as Meta delivers a tap.
 */
export function startWaitlistTapper(input: {
  graph: FakeGraph;
  plans: CustomerPlan[];
  tenants: SoakTenant[];
  webUrls: string[];
  appSecret: string;
  delayMs: number;
}): WaitlistTapper {
  const inFlight = new Set<Promise<void>>();
  const tappedIds = new Set<string>();
  let seen = 0;
  let tapped = 0;
  const tap = async (delivery: GraphDelivery, button: { id: string; title: string }) => {
    const tenant = input.tenants.find((candidate) => candidate.phoneNumberId === delivery.phoneNumberId);
    const plan = input.plans.find((candidate) => candidate.waId === delivery.to);
    if (!tenant || !plan) return;
    await sleep(input.delayMs);
    const payload = customerMessageWebhook({
      phoneNumberId: tenant.phoneNumberId,
      displayPhoneNumber: tenant.displayPhoneNumber,
      waId: plan.waId,
      profileName: plan.name,
      input: { kind: 'button_reply', id: button.id, title: button.title, contextWaMessageId: delivery.wamid },
      wamid: newWamid(),
      at: new Date(),
    });
    for (let attempt = 0; attempt < 5; attempt++) {
      if ((await postWebhook(input.webUrls[(seen + attempt) % input.webUrls.length] as string, payload, input.appSecret)) === 200) {
        tapped++;
        return;
      }
      await sleep(300 * 2 ** attempt);
    }
  };
  input.graph.onDelivery((delivery) => {
    const button = delivery.buttons?.find((candidate) => OFFER_PAYLOAD.test(candidate.id));
    // An offer sent again (a resend after a lost answer) is still one tap.
    if (!button || tappedIds.has(button.id)) return;
    tappedIds.add(button.id);
    seen++;
    const work = tap(delivery, button).finally(() => inFlight.delete(work));
    inFlight.add(work);
  });
  return {
    offersSeen: () => seen,
    async settle() {
      await Promise.all(inFlight);
      return tapped;
    },
  };
}
