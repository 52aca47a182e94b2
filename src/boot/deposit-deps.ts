import { type Keyring, keyringFromConfig } from '../credentials/index.js';
import {
  applyPaymentNotification,
  authenticateNotification,
  cancelDepositCharge,
  createDepositCharge,
  type DepositDeps,
  expireDepositHold,
  loadDeposit,
  refundDeposit,
  settleApprovedPayment,
} from '../deposits/index.js';
import { createMercadoPagoWebhookRouter } from '../http/index.js';
import { createMercadoPagoClient } from '../mercadopago/index.js';
import { type QueueTaskList, TASKS } from '../queue/index.js';
import { schedulingDepsOf } from './scheduling-deps.js';
import type { ServiceDeps } from './service-deps.js';

/** The deposits component as the service runs it: Mercado Pago at MERCADOPAGO_BASE_URL, the business clock, the scheduling subscribers. */
export function depositDepsOf(deps: ServiceDeps): DepositDeps {
  return {
    db: deps.db,
    scheduling: schedulingDepsOf(deps.db),
    mercadoPago: createMercadoPagoClient({
      baseUrl: deps.config.MERCADOPAGO_BASE_URL,
      logger: deps.logger,
      credentials: keyringFromConfig(deps.config),
    }),
    logger: deps.logger,
    now: () => deps.clock.now(),
  };
}

const depositPayload = (payload: unknown): number => {
  const depositId = (payload as { depositId?: unknown } | null)?.depositId;
  if (typeof depositId !== 'number' || !Number.isInteger(depositId) || depositId <= 0) throw new Error('payload without a depositId');
  return depositId;
};

/**
 * The deposits' jobs (thin: parse, call): `create-deposit-charge` (a retry is thrown so the queue
 * backs off; the last attempt releases the hold), `expire-deposit-hold` at the hold's end,
 * `cancel-deposit-charge` after staff settled a deposit by hand.
 */
export function createDepositTasks(deposits: DepositDeps): QueueTaskList {
  return {
    [TASKS.createDepositCharge]: async (payload, helpers) => {
      const outcome = await createDepositCharge(deposits, depositPayload(payload), {
        attempt: helpers.job.attempts,
        maxAttempts: helpers.job.max_attempts,
      });
      if (outcome.kind === 'retry') throw new Error(`Mercado Pago unavailable: ${outcome.detail}`);
    },
    [TASKS.refundDeposit]: async (payload) => {
      const outcome = await refundDeposit(deposits, depositPayload(payload));
      if (outcome.kind === 'retry') throw new Error(`Mercado Pago unavailable: ${outcome.detail}`);
    },
    [TASKS.cancelDepositCharge]: async (payload) => {
      const paymentId = (payload as { paymentId?: unknown } | null)?.paymentId;
      if (typeof paymentId !== 'string' || paymentId === '') throw new Error('payload without a paymentId');
      const outcome = await cancelDepositCharge(deposits, { depositId: depositPayload(payload), paymentId });
      if (outcome.kind === 'retry') throw new Error(`Mercado Pago unavailable: ${outcome.detail}`);
    },
    [TASKS.expireDepositHold]: async (payload) => {
      const depositId = depositPayload(payload);
      await expireDepositHold(deposits, depositId, async (paymentId) => {
        const deposit = await loadDeposit(deposits.db, { depositId });
        return deposit ? (await settleApprovedPayment(deposits, deposit, paymentId)).kind === 'booked' : false;
      });
    },
  };
}

/** `POST /webhooks/mercadopago/:tenantSlug`, wired to the deposits component (the keyring opens the webhook secrets). */
export function createMercadoPagoWebhook(deps: Pick<ServiceDeps, 'db' | 'logger' | 'clock'>, keyring: Keyring, deposits: DepositDeps) {
  return createMercadoPagoWebhookRouter({
    logger: deps.logger,
    authenticate: (request) => authenticateNotification(deps.db, keyring, { ...request, now: deps.clock.now() }),
    apply: (notification) => applyPaymentNotification(deposits, notification),
  });
}
