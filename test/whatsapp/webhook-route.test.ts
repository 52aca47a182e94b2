import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { signPayload } from '../../src/whatsapp/index.js';
import { type Channel, postWebhook, startChannel, TEST_APP_SECRET, TEST_VERIFY_TOKEN } from '../conversation/channel-harness.js';
import { newWamid, webhookFixture } from '../fixtures/whatsapp/webhook-fixtures.js';
import { createTestTenant, type TestTenant } from '../support/factories.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';

describe('WhatsApp webhook route', () => {
  let database: TestDatabase;
  let channel: Channel;
  let tenant: TestTenant;
  beforeAll(async () => {
    database = await testDatabase();
    channel = await startChannel({ database, worker: false, config: { WHATSAPP_WEBHOOK_MAX_BYTES: '4096' } });
    tenant = await createTestTenant(database.db);
  });
  const inboundCount = (waMessageId: string) => database.db.message.count({ where: { waMessageId } });

  describe('verification handshake', () => {
    it('when the verify token matches, then the challenge is echoed', async () => {
      const response = await request(channel.app)
        .get('/webhooks/whatsapp')
        .query({ 'hub.mode': 'subscribe', 'hub.verify_token': TEST_VERIFY_TOKEN, 'hub.challenge': '1158201444' });
      expect(response.status).toBe(200);
      expect(response.text).toBe('1158201444');
    });

    it('when the verify token is wrong, then 403 and no challenge', async () => {
      const response = await request(channel.app)
        .get('/webhooks/whatsapp')
        .query({ 'hub.mode': 'subscribe', 'hub.verify_token': 'not-the-token', 'hub.challenge': '1158201444' });
      expect(response.status).toBe(403);
      expect(response.text).not.toContain('1158201444');
    });
  });

  describe('signature', () => {
    it('when the signature is valid, then 200 and the message is stored', async () => {
      const messageId = newWamid();
      const response = await postWebhook(channel.app, webhookFixture('text', { phoneNumberId: tenant.phoneNumberId, messageId }));
      expect(response.status).toBe(200);
      expect(await inboundCount(messageId)).toBe(1);
    });

    it('when the signature header is missing, then 401 and nothing is stored', async () => {
      const messageId = newWamid();
      const response = await postWebhook(channel.app, webhookFixture('text', { phoneNumberId: tenant.phoneNumberId, messageId }), {
        signature: null,
      });
      expect(response.status).toBe(401);
      expect(response.body.error.code).toBe('invalid_signature');
      expect(await inboundCount(messageId)).toBe(0);
    });

    it('when the body is signed with another secret, then 401 and nothing is stored', async () => {
      const messageId = newWamid();
      const response = await postWebhook(channel.app, webhookFixture('text', { phoneNumberId: tenant.phoneNumberId, messageId }), {
        secret: 'some-other-app-secret',
      });
      expect(response.status).toBe(401);
      expect(await inboundCount(messageId)).toBe(0);
    });

    it('when the body was changed after signing, then 401 and nothing is stored', async () => {
      const messageId = newWamid();
      const signed = JSON.stringify(webhookFixture('text', { phoneNumberId: tenant.phoneNumberId, messageId, text: 'quero cancelar' }));
      const signature = signPayload(signed, TEST_APP_SECRET);
      const tampered = signed.replace('quero cancelar', 'quero remarcar');
      const response = await postWebhook(channel.app, tampered, { signature });
      expect(response.status).toBe(401);
      expect(await inboundCount(messageId)).toBe(0);
    });

    it('when the signature header is malformed, then 401', async () => {
      const body = webhookFixture('text', { phoneNumberId: tenant.phoneNumberId });
      for (const signature of ['sha256=xyz', 'sha1=abc', signPayload(JSON.stringify(body), TEST_APP_SECRET).slice(7)]) {
        expect((await postWebhook(channel.app, body, { signature })).status).toBe(401);
      }
    });
  });

  describe('served by express', () => {
    it('when the path is one only the router matches (a trailing slash), then the same POST answers: stored with 200, unsigned 401', async () => {
      const messageId = newWamid();
      const raw = JSON.stringify(webhookFixture('text', { phoneNumberId: tenant.phoneNumberId, messageId }));
      const post = () => request(channel.app).post('/webhooks/whatsapp/').set('content-type', 'application/json');
      const stored = await post().set('x-hub-signature-256', signPayload(raw, TEST_APP_SECRET)).send(raw);
      expect(stored.status).toBe(200);
      expect(stored.text).toBe('OK');
      expect(await inboundCount(messageId)).toBe(1);
      const unsigned = await post().send(raw);
      expect(unsigned.status).toBe(401);
      expect(unsigned.body.error.code).toBe('invalid_signature');
    });
  });

  describe('bad bodies', () => {
    it('when the body is over the size limit, then 413 as JSON', async () => {
      const body = webhookFixture('text', { phoneNumberId: tenant.phoneNumberId, text: 'a'.repeat(5000) });
      const response = await postWebhook(channel.app, body);
      expect(response.status).toBe(413);
      expect(response.body.error.code).toBe('payload_too_large');
    });

    it('when the signed body is not JSON, then 400', async () => {
      const response = await postWebhook(channel.app, '{"object": "whatsapp_business_account", ');
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('invalid_json');
    });

    it('when valid JSON has an unexpected shape, then 200 and nothing is stored', async () => {
      const before = await database.db.message.count();
      for (const body of [
        { hello: 'world' },
        [1, 2, 3],
        { object: 'whatsapp_business_account', entry: [{ changes: [{ value: { foo: 1 } }] }] },
      ]) {
        expect((await postWebhook(channel.app, body)).status).toBe(200);
      }
      expect(await database.db.message.count()).toBe(before);
    });

    it('when a message inside has an unexpected shape, then its valid neighbours are still stored', async () => {
      const body = webhookFixture('text', { phoneNumberId: tenant.phoneNumberId }) as {
        entry: { changes: { value: { messages: unknown[] } }[] }[];
      };
      const good = body.entry[0]!.changes[0]!.value.messages[0] as { id: string };
      body.entry[0]!.changes[0]!.value.messages.unshift({ type: 'text', note: 'no id, no from' });
      expect((await postWebhook(channel.app, body)).status).toBe(200);
      expect(await inboundCount(good.id)).toBe(1);
    });

    it('when the phone_number_id belongs to no tenant, then 200 and nothing is stored', async () => {
      const messageId = newWamid();
      const response = await postWebhook(channel.app, webhookFixture('text', { phoneNumberId: '999000111222333', messageId }));
      expect(response.status).toBe(200);
      expect(await inboundCount(messageId)).toBe(0);
    });
  });
});
