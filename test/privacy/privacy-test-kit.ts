import pg from 'pg';
import type { Db } from '../../src/db/index.js';
import { createTestConversation } from '../support/factories.js';

/**
 * Every row of every table the service owns (public schema and the queue's schema), as text:
 * what a `pg_dump` of the database would hold, for greps after an erasure.
 */
export async function dumpDatabaseText(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = await client.query<{ schema: string; name: string }>(`
      SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
      WHERE table_type = 'BASE TABLE' AND table_schema IN ('public', 'graphile_worker') ORDER BY 1, 2`);
    const parts: string[] = [];
    for (const { schema, name } of tables.rows) {
      const rows = await client.query<{ row: string }>(`SELECT t::text AS row FROM "${schema}"."${name}" t`);
      parts.push(`-- ${schema}.${name}`, ...rows.rows.map(({ row }) => row));
    }
    return parts.join('\n');
  } finally {
    await client.end();
  }
}

/**
 * A customer with a row in every table that can hold their data: inbound and outbound
 * messages, the model's history, a run with a tool call, a handoff with a note, a staff
 * member's internal note and an appointment. Every personal value contains `marker`, so a grep finds any that survive.
 */
export async function createCustomerWithData(
  db: Db,
  tenant: { id: number; services: { id: number }[]; professionals: { id: number }[] },
  marker: string,
  options: { waId: string; startsAt: Date; createdAt?: Date },
) {
  const { customer, conversation } = await createTestConversation(db, tenant.id, { waId: options.waId, name: `Cliente ${marker}` });
  const createdAt = options.createdAt ?? new Date();
  const scope = { tenantId: tenant.id, conversationId: conversation.id };
  await db.message.create({
    data: {
      ...scope,
      direction: 'inbound',
      author: 'customer',
      type: 'text',
      text: `quero marcar ${marker}`,
      payload: { message: { from: options.waId, text: { body: `quero marcar ${marker}` } } },
      waMessageId: `wamid.${marker}`,
      status: 'processed',
      createdAt,
    },
  });
  await db.message.create({
    data: { ...scope, direction: 'outbound', author: 'bot', type: 'text', text: `Oi, Cliente ${marker}!`, status: 'sent', createdAt },
  });
  const run = await db.agentRun.create({
    data: {
      ...scope,
      status: 'completed',
      outcome: 'answer',
      error: `falhou para ${marker}`,
      startedAt: createdAt,
    },
  });
  await db.agentHistoryEntry.create({
    data: { ...scope, runId: run.id, role: 'user', content: [{ type: 'text', text: `quero marcar ${marker}` }], createdAt },
  });
  await db.agentToolCall.create({
    data: {
      tenantId: tenant.id,
      runId: run.id,
      toolUseId: `toolu_${marker}`,
      name: 'meus_agendamentos',
      input: { nota: marker },
      result: { cliente: `Cliente ${marker}` },
      createdAt,
    },
  });
  const handoff = await db.handoff.create({
    data: { ...scope, reason: 'requested_by_customer', note: `pediu ${marker}`, status: 'resolved', createdAt, resolvedAt: createdAt },
  });
  await db.conversationNote.create({ data: { ...scope, author: 'Rita', text: `cliente ${marker} prefere sábado`, createdAt } });
  const service = tenant.services[0];
  const professional = tenant.professionals[0];
  if (!service || !professional) throw new Error('test tenant without service or professional');
  const appointment = await db.appointment.create({
    data: {
      tenantId: tenant.id,
      customerId: customer.id,
      serviceId: service.id,
      professionalId: professional.id,
      startsAt: options.startsAt,
      endsAt: new Date(options.startsAt.getTime() + 30 * 60_000),
    },
  });
  return { customer, conversation, run, handoff, appointment };
}
