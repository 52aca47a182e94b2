import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from '../../src/db/index.js';
import { expiryJobKey } from '../../src/deposits/index.js';
import { enqueueJob, TASKS } from '../../src/queue/index.js';
import type { FakeMercadoPago } from '../../test/fakes/mercadopago-loopback.js';
import type { SoakTenant } from './seed-tenants.js';

export interface DepositPayerResult {
  /** appointments whose deposit the customer paid (approved at the fake, notification sent) */
  approved: number[];
  /** appointments whose deposit was left unpaid and whose hold the soak ran out (moved to now) */
  lapsed: number[];
  /** notifications our webhook did not take with 200 after every retry */
  notificationsRefused: number;
}

export interface DepositPayer {
  /** One more pass over the charges created so far, then waits for what is in flight; how many were paid or lapsed so far. */
  settle(): Promise<number>;
  stop(): Promise<DepositPayerResult>;
}

/**
 * The customers' side of the soak's Pix deposits: every charge the service creates at the fake
 * Mercado Pago is, in turn, paid (approved at the fake, then the signed notification posted to a
 * web process, as Mercado Pago sends it) or left to lapse. A lapse does not wait out the
 * 15-minute hold: the soak moves that hold's clock, setting the deposit's `hold_until` to now
 * and re-adding its `expire-deposit-hold` job (same job key) due now, so the service's own
 * expiry runs as it would at the hold's end.
 */
export function startDepositPayer(input: {
  db: Db;
  fake: FakeMercadoPago;
  tenants: SoakTenant[];
  webUrls: string[];
  /** delay between a charge and the customer's payment or the hold's end (ms) */
  delayMs: number;
}): DepositPayer {
  const seen = new Set<number>();
  const result: DepositPayerResult = { approved: [], lapsed: [], notificationsRefused: 0 };
  const inFlight = new Set<Promise<void>>();
  let stopped = false;
  let turn = 0;

  const pay = async (paymentId: number, appointmentId: number) => {
    const tenant = await tenantOf(appointmentId);
    input.fake.approve(paymentId);
    result.approved.push(appointmentId);
    const url = `${input.webUrls[paymentId % input.webUrls.length]}/webhooks/mercadopago/${tenant.slug}`;
    for (let attempt = 0; attempt < 5; attempt++) {
      const answer = await input.fake.notify(url, tenant.paymentWebhookSecret, paymentId).catch(() => ({ status: 0 }));
      if (answer.status === 200) return;
      await sleep(500);
    }
    result.notificationsRefused++;
  };
  const lapse = async (_paymentId: number, appointmentId: number) => {
    const [deposit] = await input.db.$queryRaw<{ id: number }[]>`
      UPDATE deposits SET hold_until = now() WHERE appointment_id = ${appointmentId} AND status = 'pending' RETURNING id`;
    result.lapsed.push(appointmentId);
    if (!deposit) return;
    await enqueueJob(input.db, {
      task: TASKS.expireDepositHold,
      payload: { depositId: deposit.id },
      jobKey: expiryJobKey(deposit.id),
      runAt: new Date(),
      maxAttempts: 10,
    });
  };
  const tenantOf = async (appointmentId: number) => {
    const [row] = await input.db.$queryRaw<{ tenant_id: number }[]>`SELECT tenant_id FROM appointments WHERE id = ${appointmentId}`;
    const tenant = input.tenants.find((candidate) => candidate.id === row?.tenant_id);
    if (!tenant) throw new Error(`no soak tenant for appointment ${appointmentId}`);
    return tenant;
  };

  const sweep = () => {
    for (const payment of input.fake.payments.values()) {
      if (seen.has(payment.id) || payment.status !== 'pending') continue;
      seen.add(payment.id);
      const appointmentId = Number(/^appointment:(\d+)$/.exec(payment.external_reference ?? '')?.[1]);
      // Alternately paid and left to lapse: both happen in any run with two deposits.
      const act = turn++ % 2 === 0 ? pay : lapse;
      const work = sleep(input.delayMs)
        .then(() => act(payment.id, appointmentId))
        .finally(() => inFlight.delete(work));
      inFlight.add(work);
    }
  };
  const loop = (async () => {
    while (!stopped) {
      sweep();
      await sleep(200);
    }
  })();

  return {
    async settle() {
      sweep();
      await Promise.all(inFlight);
      return result.approved.length + result.lapsed.length;
    },
    async stop() {
      stopped = true;
      await loop;
      sweep();
      await Promise.all(inFlight);
      return result;
    },
  };
}
