import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MediaProxyOptions } from '../../src/admin/index.js';
import { plainOnlyKeyring } from '../../src/credentials/index.js';
import type { Db } from '../../src/db/index.js';
import { FAKE_GRAPH_URL, GraphApiFake } from '../fakes/graph-api.js';
import { createTestConversation, createTestTenant, type TestTenant } from '../support/factories.js';
import { testDatabase } from '../support/test-database.js';
import { bearer, createAdminTestApp } from './admin-test-app.js';

const media: MediaProxyOptions = {
  baseUrl: FAKE_GRAPH_URL,
  version: 'v23.0',
  credentials: plainOnlyKeyring,
  timeoutMs: 5_000,
  maxBytes: 1_000,
};
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);
const PDF = new TextEncoder().encode('%PDF-1.4 orçamento');

describe('GET /admin/conversations/:id/messages/:messageId/media: the customer’s media through the admin API', () => {
  let db: Db;
  let tenant: TestTenant;
  let other: TestTenant;
  let conversationId: number;
  const ids: Record<'image' | 'document' | 'audio' | 'text' | 'expired' | 'huge', number> = {
    image: 0,
    document: 0,
    audio: 0,
    text: 0,
    expired: 0,
    huge: 0,
  };

  beforeAll(async () => {
    db = (await testDatabase()).db;
    tenant = await createTestTenant(db);
    other = await createTestTenant(db);
    conversationId = (await createTestConversation(db, tenant.id)).conversation.id;
    // Stored as the intake keeps them: the webhook's message under `payload.message`.
    const inbound = async (type: string, content: Record<string, unknown> | null, text: string | null = null) =>
      (
        await db.message.create({
          data: {
            tenantId: tenant.id,
            conversationId,
            direction: 'inbound',
            author: 'customer',
            type,
            text,
            status: 'processed',
            payload: { message: { type, ...(content ? { [type]: content } : {}) } },
          },
        })
      ).id;
    ids.image = await inbound(
      'image',
      { id: '1240929313835720', mime_type: 'image/jpeg', caption: 'Quero esse corte' },
      'Quero esse corte',
    );
    ids.document = await inbound('document', { id: '3300112233', mime_type: 'application/pdf', filename: 'orçamento "final".pdf' });
    ids.audio = await inbound('audio', { id: '9988776655', mime_type: 'audio/ogg; codecs=opus', voice: true }, 'Quero marcar sexta');
    ids.text = await inbound('text', null, 'Oi');
    ids.expired = await inbound('image', { id: '4400000001', mime_type: 'image/jpeg' });
    ids.huge = await inbound('image', { id: '4400000002', mime_type: 'image/jpeg' });
  });

  const get = (messageId: number, key = tenant.apiKey, conversation = conversationId, options = { media }) =>
    request(createAdminTestApp(db, options)).get(`/admin/conversations/${conversation}/messages/${messageId}/media`).set(bearer(key));

  it('serves an image inline with its type, fetched with the tenant’s token, which the answer never carries', async () => {
    const graph = new GraphApiFake().addMedia('1240929313835720', JPEG, 'image/jpeg').install();
    const response = await get(ids.image).buffer(true).expect(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect(response.headers['content-disposition']).toBe('inline');
    expect(response.headers['cache-control']).toBe('private, max-age=300');
    expect(new Uint8Array(response.body as Buffer)).toEqual(JPEG);
    expect(graph.mediaRequests.map((each) => each.path)).toEqual(['/v23.0/1240929313835720', '/media-files/1240929313835720']);
    const { accessToken } = await db.tenant.findUniqueOrThrow({ where: { id: tenant.id }, select: { accessToken: true } });
    expect(graph.mediaRequests.every((each) => each.authorization === `Bearer ${accessToken}`)).toBe(true);
    expect(JSON.stringify(response.headers)).not.toContain('EAAG');
  });

  it('serves a voice note inline and a document as a download with a safe file name, never as a page of this origin', async () => {
    new GraphApiFake()
      .addMedia('9988776655', Uint8Array.from([1, 2, 3]), 'audio/ogg; codecs=opus')
      .addMedia('3300112233', PDF, 'application/pdf')
      .install();
    const audio = await get(ids.audio).buffer(true).expect(200);
    expect(audio.headers['content-type']).toBe('audio/ogg; codecs=opus');
    const document = await get(ids.document).buffer(true).expect(200);
    expect(document.headers['content-type']).toBe('application/octet-stream');
    expect(document.headers['content-disposition']).toBe('attachment; filename="or_amento _final_.pdf"');
    expect(document.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(Buffer.from(document.body as Buffer).toString('utf8')).toBe('%PDF-1.4 orçamento');
  });

  it('answers 404 for another tenant, another conversation, a message without media or a missing one; 502 when Meta no longer has it; 413 over the limit', async () => {
    const graph = new GraphApiFake().addMedia('4400000002', new Uint8Array(5_000), 'image/jpeg').expireMedia('4400000001').install();
    const otherConversation = (await createTestConversation(db, tenant.id)).conversation.id;
    expect((await get(ids.image, other.apiKey)).status).toBe(404);
    expect((await get(ids.image, tenant.apiKey, otherConversation)).status).toBe(404);
    expect((await get(ids.text)).status).toBe(404);
    expect((await get(999_999_999)).status).toBe(404);
    expect(graph.mediaRequests).toEqual([]);
    const expired = await get(ids.expired);
    expect(expired.status).toBe(502);
    expect(expired.body.error.code).toBe('media_unavailable');
    const huge = await get(ids.huge);
    expect(huge.status).toBe(413);
    expect(huge.body.error.code).toBe('media_too_large');
  });

  it('answers 503 when the service has no Graph access for media', async () => {
    const response = await request(createAdminTestApp(db))
      .get(`/admin/conversations/${conversationId}/messages/${ids.image}/media`)
      .set(bearer(tenant.apiKey));
    expect(response.status).toBe(503);
    expect(response.body.error.code).toBe('media_unavailable');
  });
});

describe('POST /admin/conversations/:id/media: an image or document sent to the customer through the Graph media upload', () => {
  let db: Db;
  let tenant: TestTenant;
  let other: TestTenant;
  beforeAll(async () => {
    db = (await testDatabase()).db;
    tenant = await createTestTenant(db);
    other = await createTestTenant(db);
  });
  const send = (conversationId: number, file: { bytes: Uint8Array; name: string; type: string } | null, key = tenant.apiKey) => {
    const call = request(createAdminTestApp(db, { media }))
      .post(`/admin/conversations/${conversationId}/media`)
      .set(bearer(key))
      .field('attendant', 'Carla')
      .field('caption', 'Nossa tabela de preços');
    return file ? call.attach('file', Buffer.from(file.bytes), { filename: file.name, contentType: file.type }) : call;
  };

  it('uploads the file with the tenant’s token, queues one document message with its media id, and the send job’s body names it', async () => {
    const graph = new GraphApiFake().install();
    const { conversation } = await createTestConversation(db, tenant.id);
    const response = await send(conversation.id, { bytes: PDF, name: 'tabela de preços.pdf', type: 'application/pdf' });
    expect(response.status, JSON.stringify(response.body)).toBe(202);
    expect(response.body).toMatchObject({ attendant: 'Carla', kind: 'document' });
    const { accessToken } = await db.tenant.findUniqueOrThrow({ where: { id: tenant.id }, select: { accessToken: true } });
    expect(graph.uploads).toHaveLength(1);
    expect(graph.uploads[0]).toMatchObject({
      phoneNumberId: tenant.phoneNumberId,
      authorization: `Bearer ${accessToken}`,
      messagingProduct: 'whatsapp',
      type: 'application/pdf',
      filename: 'tabela de pre_os.pdf',
    });
    expect(Buffer.from(graph.uploads[0]!.bytes).toString('utf8')).toBe('%PDF-1.4 orçamento');
    const [row] = await db.message.findMany({ where: { conversationId: conversation.id, direction: 'outbound' } });
    expect(row).toMatchObject({
      type: 'document',
      author: 'attendant',
      attendant: 'Carla',
      text: 'Nossa tabela de preços',
      status: 'pending',
    });
    const { toGraphMessage } = await import('../../src/graph/index.js');
    expect(toGraphMessage('5511987654321', row!)).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '5511987654321',
      type: 'document',
      document: { id: graph.uploads[0]!.mediaId, filename: 'tabela de pre_os.pdf', caption: 'Nossa tabela de preços' },
    });
  });

  it('sends a PNG as an image; refuses other types, a missing file, another tenant’s chat, a closed window, and Meta’s refusal, sending nothing', async () => {
    const graph = new GraphApiFake().install();
    const { conversation } = await createTestConversation(db, tenant.id);
    const image = await send(conversation.id, { bytes: JPEG, name: 'corte.png', type: 'image/png' });
    expect(image.status).toBe(202);
    const [row] = await db.message.findMany({ where: { conversationId: conversation.id, direction: 'outbound' } });
    const { toGraphMessage } = await import('../../src/graph/index.js');
    expect(toGraphMessage('5511987654321', row!)).toMatchObject({
      type: 'image',
      image: { id: graph.uploads[0]!.mediaId, caption: 'Nossa tabela de preços' },
    });

    const exe = await send(conversation.id, { bytes: JPEG, name: 'x.exe', type: 'application/x-msdownload' });
    expect(exe.status).toBe(400);
    expect(exe.body.error.details.map((detail: { path: string }) => detail.path)).toEqual(['body.file']);
    expect((await send(conversation.id, null)).status).toBe(400);
    const foreign = await createTestConversation(db, other.id);
    expect((await send(foreign.conversation.id, { bytes: PDF, name: 'a.pdf', type: 'application/pdf' })).status).toBe(404);
    const stale = await createTestConversation(db, tenant.id, { lastInboundAt: new Date(Date.now() - 30 * 3_600_000) });
    const closed = await send(stale.conversation.id, { bytes: PDF, name: 'a.pdf', type: 'application/pdf' });
    expect(closed.status).toBe(422);
    expect(closed.body.error.code).toBe('outside_customer_window');
    graph.refuseUploads();
    const refused = await send(conversation.id, { bytes: PDF, name: 'a.pdf', type: 'application/pdf' });
    expect(refused.status).toBe(502);
    expect(refused.body.error.code).toBe('media_upload_failed');
    expect(graph.uploads).toHaveLength(1);
    expect(
      await db.message.count({
        where: { conversationId: { in: [conversation.id, foreign.conversation.id, stale.conversation.id] }, direction: 'outbound' },
      }),
    ).toBe(1);
  });
});
