import { generateApiKey } from '../../src/auth/index.js';
import type { Db } from '../../src/db/index.js';

let sequence = 0;
const next = () => `${process.pid}${++sequence}${Math.floor(Math.random() * 1000)}`;

export interface TestTenant {
  id: number;
  slug: string;
  phoneNumberId: string;
  timezone: string;
  apiKey: string;
  services: { id: number; key: string; name: string; durationMinutes: number }[];
  professionals: { id: number; key: string; name: string }[];
}

/**
 * A tenant with services, professionals, weekly hours and an admin API key, inserted
 * directly. Defaults: a salon in America/Sao_Paulo, "corte" 30 min and "coloracao" 90 min,
 * Ana (both, Mon–Sat 09:00–12:00 + 13:00–18:00) and Bia (corte, Tue–Sat 10:00–19:00).
 */
export async function createTestTenant(
  db: Db,
  overrides: {
    slug?: string;
    name?: string;
    phoneNumberId?: string;
    businessInfo?: string;
    /** the tenant file's `assistant.address` (receipts' address line); default none */
    address?: string;
    /** the tenant file's `assistant.paymentMethods`; default none */
    paymentMethods?: string;
    timezone?: string;
    accessToken?: string | null;
    minNoticeMinutes?: number;
    horizonDays?: number;
    slotStepMinutes?: number;
    cancelNoticeMinutes?: number;
    /** the tenant file's `reminders` block as stored (e.g. `[{beforeMinutes: 120, template: 'lembrete', language: 'pt_BR'}]`) */
    reminders?: unknown[];
  } = {},
): Promise<TestTenant> {
  const id = next();
  const apiKey = generateApiKey();
  const tenant = await db.tenant.create({
    data: {
      slug: overrides.slug ?? `salao-${id}`,
      name: overrides.name ?? `Salão ${id}`,
      timezone: overrides.timezone ?? 'America/Sao_Paulo',
      phoneNumberId: overrides.phoneNumberId ?? `10${id}`,
      accessToken: overrides.accessToken === undefined ? `EAAG-test-${id}` : overrides.accessToken,
      businessInfo: overrides.businessInfo ?? 'Rua das Flores, 10. Aceitamos Pix e cartão.',
      address: overrides.address ?? '',
      paymentMethods: overrides.paymentMethods ?? '',
      minNoticeMinutes: overrides.minNoticeMinutes ?? 60,
      horizonDays: overrides.horizonDays ?? 30,
      slotStepMinutes: overrides.slotStepMinutes ?? 15,
      cancelNoticeMinutes: overrides.cancelNoticeMinutes ?? 0,
      ...(overrides.reminders ? { reminders: overrides.reminders as object[] } : {}),
      apiKeys: { create: { prefix: apiKey.prefix, keyHash: apiKey.keyHash } },
    },
  });
  const corte = await db.service.create({ data: { tenantId: tenant.id, key: 'corte', name: 'Corte', durationMinutes: 30 } });
  const coloracao = await db.service.create({ data: { tenantId: tenant.id, key: 'coloracao', name: 'Coloração', durationMinutes: 90 } });
  const hours = (weekdays: number[], intervals: [number, number][]) =>
    weekdays.flatMap((weekday) => intervals.map(([startMinute, endMinute]) => ({ weekday, startMinute, endMinute })));
  const ana = await db.professional.create({
    data: {
      tenantId: tenant.id,
      key: 'ana',
      name: 'Ana',
      services: { create: [{ serviceId: corte.id }, { serviceId: coloracao.id }] },
      workingHours: {
        create: hours(
          [1, 2, 3, 4, 5, 6],
          [
            [9 * 60, 12 * 60],
            [13 * 60, 18 * 60],
          ],
        ),
      },
    },
  });
  const bia = await db.professional.create({
    data: {
      tenantId: tenant.id,
      key: 'bia',
      name: 'Bia',
      services: { create: [{ serviceId: corte.id }] },
      workingHours: { create: hours([2, 3, 4, 5, 6], [[10 * 60, 19 * 60]]) },
    },
  });
  return {
    id: tenant.id,
    slug: tenant.slug,
    phoneNumberId: tenant.phoneNumberId,
    timezone: tenant.timezone,
    apiKey: apiKey.key,
    services: [corte, coloracao].map(({ id, key, name, durationMinutes }) => ({ id, key, name, durationMinutes })),
    professionals: [ana, bia].map(({ id, key, name }) => ({ id, key, name })),
  };
}

/** A customer of the tenant with their conversation (last inbound message now, so the 24 h window is open). */
export async function createTestConversation(
  db: Db,
  tenantId: number,
  options: { waId?: string; name?: string; lastInboundAt?: Date | null } = {},
) {
  const customer = await db.customer.create({
    data: { tenantId, waId: options.waId ?? `5511${next().padStart(9, '0').slice(-9)}`, name: options.name ?? 'Maria' },
  });
  const conversation = await db.conversation.create({
    data: { tenantId, customerId: customer.id, lastInboundAt: options.lastInboundAt === undefined ? new Date() : options.lastInboundAt },
  });
  return { customer, conversation };
}

/** A customer message as the intake stores it (default a text, `received`: waiting for its run). */
export function createInboundMessage(
  db: Db,
  row: { tenantId: number; conversationId: number; text: string; type?: string; status?: string; createdAt?: Date },
) {
  return db.message.create({
    data: {
      tenantId: row.tenantId,
      conversationId: row.conversationId,
      direction: 'inbound',
      author: 'customer',
      type: row.type ?? 'text',
      text: row.text,
      status: row.status ?? 'received',
      ...(row.createdAt ? { createdAt: row.createdAt } : {}),
    },
  });
}

/** An outbound bot text row of the outbox (default pending, as queued before its send job runs). */
export function createOutboundMessage(
  db: Db,
  row: { tenantId: number; conversationId: number; text?: string; status?: string; waMessageId?: string },
) {
  return db.message.create({
    data: {
      tenantId: row.tenantId,
      conversationId: row.conversationId,
      direction: 'outbound',
      author: 'bot',
      type: 'text',
      text: row.text ?? 'Oi!',
      status: row.status ?? 'pending',
      ...(row.waMessageId ? { waMessageId: row.waMessageId } : {}),
    },
  });
}
