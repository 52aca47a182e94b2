import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { claimHandoff, listConversations, requestHandoff } from '../../src/handoff/index.js';
import {
  createInboundMessage,
  createOutboundMessage,
  createTestConversation,
  createTestTenant,
  type TestTenant,
} from '../support/factories.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';
import { bearer, createAdminTestApp } from './admin-test-app.js';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

describe('GET /admin/conversations: every conversation of the tenant', () => {
  let database: TestDatabase;
  let tenant: TestTenant;
  let other: TestTenant;
  let chats: { bot: number; pending: number; claimed: number; quiet: number };
  let ritas: { rita: number; otherRita: number };

  beforeAll(async () => {
    database = await testDatabase();
    tenant = await createTestTenant(database.db);
    other = await createTestTenant(database.db);
    const db = database.db;
    const bot = await createTestConversation(db, tenant.id, { name: 'Juliana Prado', waId: '5511987650001' });
    await createInboundMessage(db, { tenantId: tenant.id, conversationId: bot.conversation.id, text: 'Oi', createdAt: minutesAgo(50) });
    await createOutboundMessage(db, { tenantId: tenant.id, conversationId: bot.conversation.id, text: 'Olá! Como posso ajudar?' });
    await db.message.updateMany({
      where: { conversationId: bot.conversation.id, direction: 'outbound' },
      data: { createdAt: minutesAgo(49) },
    });
    await createInboundMessage(db, {
      tenantId: tenant.id,
      conversationId: bot.conversation.id,
      text: 'Quero fazer luzes no sábado',
      createdAt: minutesAgo(10),
    });
    await createInboundMessage(db, {
      tenantId: tenant.id,
      conversationId: bot.conversation.id,
      text: 'De manhã',
      createdAt: minutesAgo(9),
    });

    const pending = await createTestConversation(db, tenant.id, { name: 'Roberta Lima', waId: '5521912340002' });
    await createInboundMessage(db, {
      tenantId: tenant.id,
      conversationId: pending.conversation.id,
      text: 'Quero falar com alguém',
      createdAt: minutesAgo(5),
    });
    await requestHandoff(db, { tenantId: tenant.id, conversationId: pending.conversation.id, reason: 'requested_by_customer' });

    const claimed = await createTestConversation(db, tenant.id, { name: 'Carla Souza', waId: '5531955550003' });
    await createInboundMessage(db, {
      tenantId: tenant.id,
      conversationId: claimed.conversation.id,
      text: 'Reclamação',
      createdAt: minutesAgo(30),
    });
    const handoff = await requestHandoff(db, { tenantId: tenant.id, conversationId: claimed.conversation.id, reason: 'complaint' });
    // Two people of the salon share a name: "mine" is the account that claimed, not the name.
    const [rita, otherRita] = await Promise.all(
      ['rita@salao.test', 'rita.souza@salao.test'].map((email) =>
        db.staffAccount.create({ data: { tenantId: tenant.id, email, name: 'Rita', passwordHash: 'not-a-password-hash' } }),
      ),
    );
    ritas = { rita: rita!.id, otherRita: otherRita!.id };
    await claimHandoff(db, { tenantId: tenant.id, handoffId: handoff.id, attendant: 'Rita', attendantStaffId: rita!.id, now: new Date() });

    const quiet = await createTestConversation(db, tenant.id, { name: 'Sem Mensagens', waId: '5541900000004' });
    await db.conversation.update({ where: { id: quiet.conversation.id }, data: { createdAt: minutesAgo(120) } });

    // Another tenant's chat that matches every search below.
    const foreign = await createTestConversation(db, other.id, { name: 'Juliana Prado', waId: '5511987650001' });
    await createInboundMessage(db, { tenantId: other.id, conversationId: foreign.conversation.id, text: 'Quero fazer luzes no sábado' });

    chats = { bot: bot.conversation.id, pending: pending.conversation.id, claimed: claimed.conversation.id, quiet: quiet.conversation.id };
  });

  const list = (query = '') => request(createAdminTestApp(database.db)).get(`/admin/conversations${query}`).set(bearer(tenant.apiKey));
  const idsOf = (body: { items: { id: number }[] }) => body.items.map((item) => item.id);

  it('lists every conversation latest activity first, with who handles it, unread counts and the latest message', async () => {
    const response = await list();
    expect(response.status).toBe(200);
    expect(idsOf(response.body)).toEqual([chats.pending, chats.bot, chats.claimed, chats.quiet]);
    const byId = new Map(response.body.items.map((item: { id: number }) => [item.id, item]));
    expect(byId.get(chats.bot)).toMatchObject({
      handledBy: 'bot',
      openHandoff: null,
      unread: 2,
      customer: { name: 'Juliana Prado', phone: '+5511987650001' },
      lastMessage: { direction: 'inbound', text: 'De manhã' },
    });
    expect(byId.get(chats.pending)).toMatchObject({
      handledBy: 'staff',
      unread: 1,
      openHandoff: {
        status: 'pending',
        reason: 'requested_by_customer',
        attendant: null,
        reasonLabel: 'O cliente pediu para falar com uma pessoa',
      },
    });
    expect(byId.get(chats.claimed)).toMatchObject({ handledBy: 'staff', openHandoff: { status: 'claimed', attendant: 'Rita' } });
    expect(byId.get(chats.quiet)).toMatchObject({ unread: 0, lastMessage: null });
    expect(response.body.nextCursor).toBeNull();
  });

  it('filters by who handles it and by the inbox filters', async () => {
    expect(idsOf((await list('?handledBy=bot')).body)).toEqual([chats.bot, chats.quiet]);
    expect(idsOf((await list('?handledBy=staff')).body)).toEqual([chats.pending, chats.claimed]);
    expect(idsOf((await list('?filter=waiting')).body)).toEqual([chats.pending]);
    expect(idsOf((await list('?filter=unassigned')).body)).toEqual([chats.pending, chats.bot, chats.quiet]);
    const mine = await listConversations(database.db, { tenantId: tenant.id, filter: 'mine', staffId: ritas.rita, limit: 10 });
    expect(mine.items.map((item) => item.id)).toEqual([chats.claimed]);
    expect(mine.items[0]?.openHandoff).toMatchObject({ attendant: 'Rita', attendantStaffId: ritas.rita });
    const theOtherRitas = await listConversations(database.db, {
      tenantId: tenant.id,
      filter: 'mine',
      staffId: ritas.otherRita,
      limit: 10,
    });
    expect(theOtherRitas.items).toEqual([]);
    // "mine" means a signed-in person: an API key has nobody to be "me".
    expect((await list('?filter=mine')).status).toBe(400);
  });

  it('searches by name, by a phone fragment in any format, and by message text, only in the tenant', async () => {
    expect(idsOf((await list('?q=juliana')).body)).toEqual([chats.bot]);
    expect(idsOf((await list(`?q=${encodeURIComponent('(21) 91234')}`)).body)).toEqual([chats.pending]);
    expect(idsOf((await list(`?q=${encodeURIComponent('+55 31 9555')}`)).body)).toEqual([chats.claimed]);
    expect(idsOf((await list(`?q=${encodeURIComponent('LUZES no')}`)).body)).toEqual([chats.bot]);
    // LIKE wildcards are searched as text.
    expect(idsOf((await list(`?q=${encodeURIComponent('%')}`)).body)).toEqual([]);
  });

  it('pages with the cursor it returns, without repeating or skipping a conversation', async () => {
    const first = await list('?limit=3');
    expect(idsOf(first.body)).toEqual([chats.pending, chats.bot, chats.claimed]);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await list(`?limit=3&cursor=${first.body.nextCursor}`);
    expect(idsOf(second.body)).toEqual([chats.quiet]);
    expect(second.body.nextCursor).toBeNull();
    expect((await list('?cursor=bm9wZQ')).status).toBe(400);
  });

  it('another tenant sees none of these conversations', async () => {
    const response = await request(createAdminTestApp(database.db)).get('/admin/conversations?q=juliana').set(bearer(other.apiKey));
    expect(response.body.items).toHaveLength(1);
    expect(Object.values(chats)).not.toContain(response.body.items[0].id);
  });
});
