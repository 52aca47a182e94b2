import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminRouter } from '../../src/admin/index.js';
import { createStaffAccount } from '../../src/auth/index.js';
import { schedulingDepsOf } from '../../src/boot/index.js';
import { requestHandoff } from '../../src/handoff/index.js';
import { createHttpApp } from '../../src/http/index.js';
import {
  type Channel,
  FakeResponder,
  findConversation,
  isQueueIdle,
  postWebhook,
  startChannel,
  waitFor,
} from '../conversation/channel-harness.js';
import { GraphApiFake } from '../fakes/graph-api.js';
import { newWaId, newWamid, webhookFixture } from '../fixtures/whatsapp/webhook-fixtures.js';
import { createTestConversation, createTestTenant, type TestTenant } from '../support/factories.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';
import { bearer } from './admin-test-app.js';

describe('assigning a chat to a colleague, and resolving it back to the bot or closed', () => {
  let database: TestDatabase;
  let channel: Channel;
  let tenant: TestTenant;
  let other: TestTenant;
  let admin: ReturnType<typeof createHttpApp>;
  const staff: Record<'bia' | 'caio' | 'dani' | 'outsider', number> = { bia: 0, caio: 0, dani: 0, outsider: 0 };

  beforeAll(async () => {
    database = await testDatabase();
    channel = await startChannel({ database });
    channel.useResponder(new FakeResponder());
    const deps = channel.deps;
    admin = createHttpApp({
      db: deps.db,
      logger: deps.logger,
      routers: [createAdminRouter({ ...deps, scheduling: schedulingDepsOf(deps.db) })],
    });
    tenant = await createTestTenant(database.db);
    other = await createTestTenant(database.db);
    const add = async (slug: string, email: string, name: string) => {
      const created = await createStaffAccount(database.db, { slug, email, name, role: 'attendant' });
      if (created.kind !== 'created') throw new Error(created.kind);
      return created.staffId;
    };
    staff.bia = await add(tenant.slug, `bia.${tenant.slug}@example.com`, 'Bia');
    staff.caio = await add(tenant.slug, `caio.${tenant.slug}@example.com`, 'Caio');
    staff.dani = await add(tenant.slug, `dani.${tenant.slug}@example.com`, 'Dani');
    staff.outsider = await add(other.slug, `fora.${other.slug}@example.com`, 'De Fora');
    await database.db.staffAccount.update({ where: { id: staff.dani }, data: { disabledAt: new Date() } });
  });
  afterAll(async () => channel.stop());

  const customerWrites = (from: string, body: string) =>
    postWebhook(
      channel.app,
      webhookFixture('text', { phoneNumberId: tenant.phoneNumberId, from, text: body, messageId: newWamid() }),
    ).expect(200);
  const processed = (conversationId: number, text: string) =>
    waitFor(async () => (await database.db.message.findFirst({ where: { conversationId, text, status: 'processed' } })) !== null, {
      what: `"${text}" processed`,
    });
  const idle = () => waitFor(() => isQueueIdle(database.db), { what: 'queue idle', timeoutMs: 15_000 });
  const assign = (conversationId: number, staffId: number, key = tenant.apiKey) =>
    request(admin).post(`/admin/conversations/${conversationId}/assign`).set(bearer(key)).send({ staffId });
  const resolve = (handoffId: number, returnToBot: boolean, key = tenant.apiKey) =>
    request(admin).post(`/admin/handoffs/${handoffId}/resolve`).set(bearer(key)).send({ returnToBot });
  const listed = async (query: string) =>
    (await request(admin).get(`/admin/conversations?${query}`).set(bearer(tenant.apiKey)).expect(200)).body.items as {
      id: number;
      status: string;
      openHandoff: { attendant: string | null } | null;
    }[];

  it('when a waiting chat is assigned, then the colleague holds it; assigning again hands it on, naming who had it', async () => {
    const { conversation } = await createTestConversation(database.db, tenant.id);
    const open = await requestHandoff(database.db, {
      tenantId: tenant.id,
      conversationId: conversation.id,
      reason: 'requested_by_customer',
    });

    const first = await assign(conversation.id, staff.bia);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({
      handoff: { id: open.id, status: 'claimed', attendant: 'Bia', reason: 'requested_by_customer' },
      previousAttendant: null,
    });
    const claimedAt = (await database.db.handoff.findUniqueOrThrow({ where: { id: open.id } })).claimedAt;
    expect(claimedAt).not.toBeNull();

    const second = await assign(conversation.id, staff.caio);
    expect(second.body).toMatchObject({ handoff: { id: open.id, attendant: 'Caio' }, previousAttendant: 'Bia' });
    // Handing it on keeps the first claim's time: the wait the customer had is not rewritten.
    expect((await database.db.handoff.findUniqueOrThrow({ where: { id: open.id } })).claimedAt).toEqual(claimedAt);
    const claimed = await listed('status=claimed');
    expect(claimed.find((item) => item.id === conversation.id)?.openHandoff?.attendant).toBe('Caio');
  });

  it('when a chat the bot is handling is assigned, then it is taken over for the colleague and the bot stays silent', async () => {
    const graph = new GraphApiFake().install();
    const from = newWaId();
    await customerWrites(from, 'Oi, queria marcar');
    const conversation = await waitFor(() => findConversation(database.db, tenant.id, from), { what: 'conversation' });
    await idle();
    expect(graph.acceptedTexts()).toEqual(['Recebi: Oi, queria marcar']);

    const assigned = await assign(conversation.id, staff.bia);
    expect(assigned.body.handoff).toMatchObject({ status: 'claimed', attendant: 'Bia', reason: 'staff_takeover' });
    await customerWrites(from, 'Alguém aí?');
    await processed(conversation.id, 'Alguém aí?');
    await idle();
    expect(graph.acceptedTexts()).toEqual(['Recebi: Oi, queria marcar']);
  });

  it('when the colleague is disabled, of another tenant or missing, or the chat is another tenant’s, then nothing is assigned', async () => {
    const { conversation } = await createTestConversation(database.db, tenant.id);
    const foreign = await createTestConversation(database.db, other.id);
    const disabled = await assign(conversation.id, staff.dani);
    expect(disabled.status).toBe(422);
    expect(disabled.body.error.code).toBe('staff_disabled');
    expect((await assign(conversation.id, staff.outsider)).status).toBe(404);
    expect((await assign(conversation.id, 999_999)).status).toBe(404);
    expect((await assign(foreign.conversation.id, staff.bia)).status).toBe(404);
    expect((await assign(conversation.id, staff.outsider, other.apiKey)).status).toBe(404);
    const bad = await request(admin).post(`/admin/conversations/${conversation.id}/assign`).set(bearer(tenant.apiKey)).send({});
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.map((detail: { path: string }) => detail.path)).toEqual(['body.staffId']);
    expect(await database.db.handoff.count({ where: { conversationId: { in: [conversation.id, foreign.conversation.id] } } })).toBe(0);
  });

  it('GET /admin/assignees lists the tenant’s active colleagues only', async () => {
    const response = await request(admin).get('/admin/assignees').set(bearer(tenant.apiKey)).expect(200);
    expect(response.body.items).toEqual([
      { id: staff.bia, name: 'Bia' },
      { id: staff.caio, name: 'Caio' },
    ]);
  });

  it('when a person resolves and closes, then the bot stays silent; a message a day later gives the chat back to the bot', async () => {
    const graph = new GraphApiFake().install();
    const from = newWaId();
    await customerWrites(from, 'Preciso falar com alguém');
    const conversation = await waitFor(() => findConversation(database.db, tenant.id, from), { what: 'conversation' });
    await idle();
    const taken = await request(admin)
      .post(`/admin/conversations/${conversation.id}/takeover`)
      .set(bearer(tenant.apiKey))
      .send({ attendant: 'Bia' })
      .expect(200);

    const closed = await resolve(taken.body.handoff.id, false);
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({ handoff: { status: 'resolved' }, returnedToBot: false });
    expect((await listed('status=closed')).map((item) => item.id)).toContain(conversation.id);
    expect((await listed('status=open')).map((item) => item.id)).not.toContain(conversation.id);

    await customerWrites(from, 'Obrigada!');
    await processed(conversation.id, 'Obrigada!');
    await idle();
    expect(graph.acceptedTexts()).toEqual(['Recebi: Preciso falar com alguém']);
    expect(await database.db.agentRun.count({ where: { conversationId: conversation.id } })).toBe(1);

    // A day passes (the close is moved back, as the clock cannot be): the customer starts anew with the bot.
    await database.db
      .$executeRaw`UPDATE conversations SET closed_at = closed_at - interval '24 hours 1 minute' WHERE id = ${conversation.id}`;
    await customerWrites(from, 'Oi de novo');
    await waitFor(() => graph.acceptedTexts().includes('Recebi: Oi de novo'), { what: 'the bot answers again' });
    await idle();
    expect((await database.db.conversation.findUniqueOrThrow({ where: { id: conversation.id } })).closedAt).toBeNull();
    expect((await listed('status=open')).map((item) => item.id)).toContain(conversation.id);
  });

  it('when a person gives a closed chat back, then the bot answers the next message', async () => {
    const graph = new GraphApiFake().install();
    const from = newWaId();
    await customerWrites(from, 'Quero cancelar');
    const conversation = await waitFor(() => findConversation(database.db, tenant.id, from), { what: 'conversation' });
    await idle();
    const open = await requestHandoff(database.db, {
      tenantId: tenant.id,
      conversationId: conversation.id,
      reason: 'requested_by_customer',
    });
    const giveBack = () => request(admin).post(`/admin/conversations/${conversation.id}/return-to-bot`).set(bearer(tenant.apiKey)).send({});
    // While a handoff is open, the way back is resolving it.
    const refused = await giveBack();
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('handoff_open');
    await resolve(open.id, false).expect(200);
    expect((await request(admin).post(`/admin/conversations/${conversation.id}/return-to-bot`).set(bearer(other.apiKey))).status).toBe(404);

    expect((await giveBack()).body).toEqual({ returnedToBot: true, wasClosed: true });
    expect((await giveBack()).body).toEqual({ returnedToBot: true, wasClosed: false });
    await customerWrites(from, 'Ainda quero cancelar');
    await waitFor(() => graph.acceptedTexts().includes('Recebi: Ainda quero cancelar'), { what: 'the bot answers' });
    await idle();
  });

  it('when another tenant resolves, then 404 and the chat stays as it was', async () => {
    const { conversation } = await createTestConversation(database.db, tenant.id);
    const open = await requestHandoff(database.db, {
      tenantId: tenant.id,
      conversationId: conversation.id,
      reason: 'requested_by_customer',
    });
    expect((await resolve(open.id, false, other.apiKey)).status).toBe(404);
    const row = await database.db.conversation.findUniqueOrThrow({ where: { id: conversation.id } });
    expect(row.closedAt).toBeNull();
    expect((await database.db.handoff.findUniqueOrThrow({ where: { id: open.id } })).status).toBe('pending');
  });
});
