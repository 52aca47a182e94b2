import type { Server } from 'node:http';
import { createMercadoPagoWebhook, schedulingDepsOf } from '../../src/boot/index.js';
import { plainOnlyKeyring } from '../../src/credentials/index.js';
import type { Db } from '../../src/db/index.js';
import type { DepositDeps } from '../../src/deposits/index.js';
import { createHttpApp } from '../../src/http/index.js';
import { createMercadoPagoClient } from '../../src/mercadopago/index.js';
import type { AppointmentChanged, AppointmentChangedHook } from '../../src/scheduling/appointments/index.js';
import { type Clock, silentLogger } from '../../src/shared/index.js';
import { outboundMessages } from '../conversation/channel-harness.js';
import { type FakeMercadoPago, startFakeMercadoPago } from '../fakes/mercadopago-loopback.js';
import { createCustomer, schedulingTools } from '../scheduling/scheduling-test-kit.js';
import { createTestTenant, type TestTenant } from '../support/factories.js';

export const MP_TOKEN = 'APP_USR-test-token';
export const MP_SECRET = 'webhook-secret-for-tests';

/** A clock the test moves: deposits' holds run out when it passes their end. */
export function movableClock(start: string): Clock & { set(at: string | Date): void; advanceMinutes(minutes: number): void } {
  let current = new Date(start);
  return {
    now: () => new Date(current),
    set: (at) => {
      current = new Date(at);
    },
    advanceMinutes: (minutes) => {
      current = new Date(current.getTime() + minutes * 60_000);
    },
  };
}

/** Everything a deposit test drives: the fake Mercado Pago, the deposits component wired as boot/ wires it, our webhook on loopback. */
export interface DepositWorld {
  fake: FakeMercadoPago;
  deposits: DepositDeps;
  /** every "appointment changed" event the subscribers heard, in order */
  events: AppointmentChanged[];
  webhookUrl(slug: string): string;
  close(): Promise<void>;
}

export async function startDepositWorld(db: Db, clock: Clock): Promise<DepositWorld> {
  const fake = await startFakeMercadoPago({ acceptedTokens: new Set([MP_TOKEN]), now: () => clock.now().getTime() });
  const events: AppointmentChanged[] = [];
  const listen: AppointmentChangedHook = async (_tx, event) => {
    events.push(event);
  };
  const base = schedulingDepsOf(db);
  const deposits: DepositDeps = {
    db,
    scheduling: { db, onAppointmentChanged: [...base.onAppointmentChanged, listen] },
    mercadoPago: createMercadoPagoClient({ baseUrl: fake.url, logger: silentLogger, timeoutMs: 2000 }),
    logger: silentLogger,
    now: () => clock.now(),
  };
  const app = createHttpApp({
    db,
    logger: silentLogger,
    routers: [],
    webhookRouters: [createMercadoPagoWebhook({ db, logger: silentLogger, clock }, plainOnlyKeyring, deposits)],
  });
  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    fake,
    deposits,
    events,
    webhookUrl: (slug) => `http://127.0.0.1:${port}/webhooks/mercadopago/${slug}`,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await fake.close();
    },
  };
}

/**
 * The factories' salon with a deposit rule: Coloração (R$ 180,00) needs 30% (R$ 54,00), held
 * `holdMinutes` (45 by default), refunded until 24 hours before. Secrets stored plain (the
 * tests open them with the plain-only keyring; sealing has its own tests).
 */
export async function createDepositSalon(
  db: Db,
  options: { holdMinutes?: number; reminders?: unknown[] } = {},
): Promise<TestTenant & { coloracaoId: number; anaId: number }> {
  const tenant = await createTestTenant(db, options.reminders ? { reminders: options.reminders } : {});
  const coloracao = tenant.services.find((service) => service.key === 'coloracao')!;
  await db.service.update({ where: { id: coloracao.id }, data: { priceCents: 18_000 } });
  await db.service.updateMany({ where: { tenantId: tenant.id, key: 'corte' }, data: { priceCents: 5000 } });
  await db.tenant.update({
    where: { id: tenant.id },
    data: {
      payments: {
        provider: 'mercadopago',
        deposit: { percent: 30, services: ['coloracao'], holdMinutes: options.holdMinutes ?? 45, refundUntilHours: 24 },
      },
      paymentAccessToken: MP_TOKEN,
      paymentWebhookSecret: MP_SECRET,
    },
  });
  return { ...tenant, coloracaoId: coloracao.id, anaId: tenant.professionals[0]!.id };
}

/** A customer of the salon who books through the bot's own `agendar` tool. */
export async function depositCustomer(db: Db, tenantId: number, clock: Clock) {
  const customer = await createCustomer(db, tenantId);
  const call = schedulingTools(db, clock);
  return { ...customer, conversationId: customer.context().conversationId, call };
}

/** The customer's outbound messages, oldest first (what the outbox would send). */
export async function outboundTexts(db: Db, conversationId: number): Promise<string[]> {
  return (await outboundMessages(db, conversationId)).map((row) => row.text ?? '');
}
