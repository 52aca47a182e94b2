import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Channel, isQueueIdle, outboundMessages, postWebhook, startChannel, waitFor } from '../conversation/channel-harness.js';
import { GraphApiFake } from '../fakes/graph-api.js';
import { changeBody, contact, newBsuid, nowSeconds, textMessage } from '../fixtures/whatsapp/build-webhook.js';
import { newWaId, newWamid } from '../fixtures/whatsapp/webhook-fixtures.js';
import { createTestTenant, type TestTenant } from '../support/factories.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';

describe('customers by business-scoped user id (BSUID) and username', () => {
  let database: TestDatabase;
  let channel: Channel;
  let tenant: TestTenant;
  let graph: GraphApiFake;
  beforeAll(async () => {
    database = await testDatabase();
    channel = await startChannel({ database });
    tenant = await createTestTenant(database.db);
  });
  afterAll(async () => channel.stop());
  beforeEach(() => {
    graph = new GraphApiFake().install();
  });

  const post = (value: Record<string, unknown>, field?: string) =>
    postWebhook(channel.app, changeBody(tenant.phoneNumberId, value, field)).expect(200);
  const customerByBsuid = (bsuid: string) => database.db.customer.findFirst({ where: { tenantId: tenant.id, bsuid } });
  const settledReplies = async (conversationId: number, count: number) =>
    waitFor(
      async () => {
        const rows = await outboundMessages(database.db, conversationId);
        return rows.length >= count &&
          rows.every((row) => row.status !== 'pending' && row.status !== 'sending') &&
          (await isQueueIdle(database.db))
          ? rows
          : null;
      },
      { what: `${count} replies sent` },
    );

  it('when a username-only user writes, then one customer is created by BSUID and the reply goes to the BSUID in the documented shape; later the same user with a phone is the same customer and conversation', async () => {
    const bsuid = newBsuid();
    await post({
      contacts: [contact({ userId: bsuid, name: 'Ana Paula', username: 'anapaula.salao' })],
      messages: [textMessage({ userId: bsuid, body: 'Oi, tem horário amanhã?' })],
    });
    const customer = await waitFor(() => customerByBsuid(bsuid), { what: 'customer' });
    expect(customer).toMatchObject({ waId: null, bsuid, username: 'anapaula.salao', name: 'Ana Paula' });
    const conversation = await database.db.conversation.findFirstOrThrow({ where: { customerId: customer.id } });
    const [reply] = await settledReplies(conversation.id, 1);
    expect(reply!.status).toBe('sent');
    const send = graph.sends()[0]!;
    expect(send.body).toMatchObject({ messaging_product: 'whatsapp', recipient_type: 'individual', recipient: bsuid, type: 'text' });
    expect(send.body).not.toHaveProperty('to');

    // the phone appears later, with the same user_id: same customer, same conversation, replies now to the phone
    const phone = newWaId();
    await post({
      contacts: [contact({ waId: phone, userId: bsuid })],
      messages: [textMessage({ from: phone, userId: bsuid, body: 'Pode ser às 10h?' })],
    });
    await settledReplies(conversation.id, 2);
    expect(await database.db.customer.count({ where: { tenantId: tenant.id, OR: [{ bsuid }, { waId: phone }] } })).toBe(1);
    expect(await database.db.customer.findUniqueOrThrow({ where: { id: customer.id } })).toMatchObject({
      waId: phone,
      bsuid,
      username: 'anapaula.salao',
    });
    expect(await database.db.conversation.count({ where: { customerId: customer.id } })).toBe(1);
    expect(graph.sends()[1]!.body).toMatchObject({ to: phone });

    // and when the phone disappears again (username adopted), still the same conversation
    await post({ contacts: [contact({ userId: bsuid })], messages: [textMessage({ userId: bsuid, body: 'Obrigada!' })] });
    await settledReplies(conversation.id, 3);
    expect(await database.db.conversation.count({ where: { tenantId: tenant.id, customer: { bsuid } } })).toBe(1);
    expect(await database.db.message.count({ where: { conversationId: conversation.id, direction: 'inbound' } })).toBe(3);
  });

  it('when statuses name only the BSUID recipient, then they update the outbound row, and a failed one hands the chat to a person', async () => {
    const bsuid = newBsuid();
    await post({ contacts: [contact({ userId: bsuid })], messages: [textMessage({ userId: bsuid, body: 'Olá' })] });
    const customer = await waitFor(() => customerByBsuid(bsuid), { what: 'customer' });
    const conversation = await database.db.conversation.findFirstOrThrow({ where: { customerId: customer.id } });
    const [reply] = await settledReplies(conversation.id, 1);
    const status = (name: string, extra: Record<string, unknown> = {}) => ({
      contacts: name === 'failed' ? undefined : [contact({ userId: bsuid })],
      statuses: [{ id: reply!.waMessageId, status: name, timestamp: nowSeconds(), recipient_user_id: bsuid, ...extra }],
    });
    await post(status('delivered'));
    expect((await database.db.message.findUniqueOrThrow({ where: { id: reply!.id } })).status).toBe('delivered');
    await post(status('read'));
    expect((await database.db.message.findUniqueOrThrow({ where: { id: reply!.id } })).status).toBe('read');

    // a second reply fails
    await post({ contacts: [contact({ userId: bsuid })], messages: [textMessage({ userId: bsuid, body: 'Mais uma coisa' })] });
    const replies = await settledReplies(conversation.id, 2);
    await post(
      status('failed', {
        id: replies[1]!.waMessageId,
        errors: [
          {
            code: 131026,
            title: 'Message undeliverable',
            message: 'Message undeliverable',
            error_data: { details: 'Message Undeliverable.' },
          },
        ],
      }),
    );
    expect(await database.db.message.findUniqueOrThrow({ where: { id: replies[1]!.id } })).toMatchObject({
      status: 'failed',
      errorCode: '131026',
    });
    const handoff = await database.db.handoff.findFirstOrThrow({ where: { conversationId: conversation.id } });
    expect(handoff).toMatchObject({ reason: 'delivery_failed', status: 'pending' });
  });

  it('when one change holds a username-only contact and a phone customer, then both messages are stored', async () => {
    const bsuid = newBsuid();
    const phone = newWaId();
    const phoneMessage = newWamid();
    const bsuidMessage = newWamid();
    await post({
      contacts: [contact({ userId: bsuid, username: 'so.username' }), contact({ waId: phone })],
      messages: [
        textMessage({ userId: bsuid, body: 'oi', id: bsuidMessage }),
        textMessage({ from: phone, body: 'bom dia', id: phoneMessage }),
      ],
    });
    expect(await database.db.message.count({ where: { waMessageId: { in: [phoneMessage, bsuidMessage] } } })).toBe(2);
    expect(await customerByBsuid(bsuid)).toMatchObject({ username: 'so.username', waId: null });
    expect(await database.db.customer.findFirst({ where: { tenantId: tenant.id, waId: phone } })).toMatchObject({ bsuid: null });
  });

  it('when a phone customer and a BSUID-only customer turn out to be one person, then they are merged and appointments follow', async () => {
    const phone = newWaId();
    const bsuid = newBsuid();
    await post({ contacts: [contact({ waId: phone })], messages: [textMessage({ from: phone, body: 'primeira pelo telefone' })] });
    await post({ contacts: [contact({ userId: bsuid })], messages: [textMessage({ userId: bsuid, body: 'agora com username' })] });
    const byPhone = await waitFor(() => database.db.customer.findFirst({ where: { tenantId: tenant.id, waId: phone } }), {
      what: 'phone customer',
    });
    const byBsuid = await waitFor(() => customerByBsuid(bsuid), { what: 'bsuid customer' });
    expect(byPhone.id).not.toBe(byBsuid.id);
    const startsAt = new Date(Date.now() + 2 * 86_400_000);
    const appointment = await database.db.appointment.create({
      data: {
        tenantId: tenant.id,
        customerId: byBsuid.id,
        professionalId: tenant.professionals[0]!.id,
        serviceId: tenant.services[0]!.id,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 30 * 60_000),
      },
    });
    const event = await database.db.appointmentEvent.create({
      data: { tenantId: tenant.id, appointmentId: appointment.id, actorKind: 'api_key', change: 'booked' },
    });
    const privacyRequest = await database.db.privacyRequest.create({
      data: { tenantId: tenant.id, customerId: byBsuid.id, kind: 'export', actor: 'api-key:1', rows: {} },
    });
    await waitFor(() => isQueueIdle(database.db), { what: 'queue idle' });
    await post({
      contacts: [contact({ waId: phone, userId: bsuid })],
      messages: [textMessage({ from: phone, userId: bsuid, body: 'as duas juntas' })],
    });
    expect(await database.db.webhookDeadLetter.findMany({ select: { error: true } })).toEqual([]);
    expect(await database.db.customer.findUnique({ where: { id: byBsuid.id } })).toBeNull();
    expect(await database.db.customer.findUniqueOrThrow({ where: { id: byPhone.id } })).toMatchObject({ waId: phone, bsuid });
    expect((await database.db.appointment.findUniqueOrThrow({ where: { id: appointment.id } })).customerId).toBe(byPhone.id);
    expect((await database.db.appointmentEvent.findUniqueOrThrow({ where: { id: event.id } })).appointmentId).toBe(appointment.id);
    expect((await database.db.privacyRequest.findUniqueOrThrow({ where: { id: privacyRequest.id } })).customerId).toBe(byPhone.id);
    const conversations = await database.db.conversation.findMany({ where: { customerId: byPhone.id } });
    expect(conversations).toHaveLength(1);
    expect(await database.db.message.count({ where: { conversationId: conversations[0]!.id, direction: 'inbound' } })).toBe(3);
  });

  it('merge_wa_customers moves every table that names a customer or a conversation (a table added later must be added to it)', async () => {
    const linked = await database.db.$queryRawUnsafe<{ table_name: string }[]>(`
      SELECT DISTINCT c.table_name FROM information_schema.columns c
      JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
      WHERE c.table_schema = 'public' AND c.column_name IN ('customer_id', 'conversation_id')
        -- a partition is moved through its parent table (agent_history is partitioned by month)
        AND NOT EXISTS (SELECT 1 FROM pg_class p JOIN pg_namespace n ON n.oid = p.relnamespace
                         WHERE n.nspname = 'public' AND p.relname = c.table_name AND p.relispartition)
      ORDER BY 1`);
    const [found] = await database.db.$queryRawUnsafe<{ definition: string }[]>(
      `SELECT pg_get_functiondef('merge_wa_customers(int, int, int)'::regprocedure) AS definition`,
    );
    const definition = found?.definition ?? '';
    const moved = (table: string) => new RegExp(`UPDATE ${table} SET (customer_id|conversation_id) = keep_`).test(definition);
    expect(linked.map((row) => row.table_name).filter((table) => table !== 'conversations' && !moved(table))).toEqual([]);
    expect(definition).toMatch(/UPDATE conversations SET customer_id = keep_id/);
  });
});
