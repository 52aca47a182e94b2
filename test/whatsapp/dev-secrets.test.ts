import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService } from '../../src/boot/start-service.js';
import { ConfigError, DEV_APP_SECRET, DEV_VERIFY_TOKEN, loadConfig } from '../../src/config/index.js';
import { createHttpApp } from '../../src/http/index.js';
import { silentLogger } from '../../src/shared/index.js';
import { createSandboxOutboxRouter } from '../../src/whatsapp/index.js';
import { type Channel, postWebhook, startChannel } from '../conversation/channel-harness.js';
import { newWamid, webhookFixture } from '../fixtures/whatsapp/webhook-fixtures.js';
import { createTestConversation, createTestTenant } from '../support/factories.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';

// Item: an unset NODE_ENV used to mean "development", whose published secrets then signed
// webhooks that the bot answered through a tenant's real access token.
describe('the published development WhatsApp secrets', () => {
  let database: TestDatabase;
  let channel: Channel;
  beforeAll(async () => {
    database = await testDatabase();
    // Whatever NODE_ENV says (here explicitly development), the guard is per tenant.
    channel = await startChannel({
      database,
      worker: false,
      config: { NODE_ENV: 'development', WHATSAPP_APP_SECRET: '', WHATSAPP_VERIFY_TOKEN: '' },
    });
  });
  afterAll(() => channel.stop());
  const inboundCount = (waMessageId: string) => database.db.message.count({ where: { waMessageId } });

  it('when NODE_ENV is unset, then the config is not development and says which secrets are the published ones', () => {
    const config = loadConfig({});
    expect(config.NODE_ENV).toBeUndefined();
    expect(config.isDevelopment).toBe(false);
    expect(config.devSecrets).toEqual({ appSecret: true, verifyToken: true });
    expect(loadConfig({ WHATSAPP_APP_SECRET: 's3cret', WHATSAPP_VERIFY_TOKEN: DEV_VERIFY_TOKEN }).devSecrets).toEqual({
      appSecret: false,
      verifyToken: true,
    });
  });

  it('when a tenant with an access token is imported while the service runs, then a webhook signed with the development secret is never acted on', async () => {
    // Created after the router (and its tenant cache) exist.
    const live = await createTestTenant(database.db, { accessToken: 'EAAG-live-token' });
    const messageId = newWamid();
    const response = await postWebhook(channel.app, webhookFixture('text', { phoneNumberId: live.phoneNumberId, messageId }), {
      secret: DEV_APP_SECRET,
    });
    expect(response.status).toBe(200);
    expect(await inboundCount(messageId)).toBe(0);
    expect(await database.db.customer.count({ where: { tenantId: live.id } })).toBe(0);
  });

  it('when the tenant is a sandbox (no token, the demo), then the development secret still works', async () => {
    const sandbox = await createTestTenant(database.db, { accessToken: null });
    const messageId = newWamid();
    const response = await postWebhook(channel.app, webhookFixture('text', { phoneNumberId: sandbox.phoneNumberId, messageId }), {
      secret: DEV_APP_SECRET,
    });
    expect(response.status).toBe(200);
    expect(await inboundCount(messageId)).toBe(1);
  });

  it('when some tenant has a token, then the development verify token fails the handshake', async () => {
    await createTestTenant(database.db, { accessToken: 'EAAG-live-token-2' });
    const response = await request(channel.app)
      .get('/webhooks/whatsapp')
      .query({ 'hub.mode': 'subscribe', 'hub.verify_token': DEV_VERIFY_TOKEN, 'hub.challenge': '42' });
    expect(response.status).toBe(403);
  });

  it('when NODE_ENV is unset and a tenant has a token, then the sandbox outbox answers 404; under NODE_ENV=test it answers', async () => {
    const sandbox = await createTestTenant(database.db, { accessToken: null });
    const { customer } = await createTestConversation(database.db, sandbox.id);
    await createTestTenant(database.db, { accessToken: 'EAAG-live-token-3' });
    const query = { phoneNumberId: sandbox.phoneNumberId, waId: customer.waId, afterId: 0 };
    const unset = createHttpApp({
      db: database.db,
      logger: silentLogger,
      routers: [createSandboxOutboxRouter({ db: database.db, config: loadConfig({}) })],
    });
    expect((await request(unset).get('/sandbox/outbox').query(query)).status).toBe(404);
    const test = createHttpApp({
      db: database.db,
      logger: silentLogger,
      routers: [createSandboxOutboxRouter({ db: database.db, config: loadConfig({ NODE_ENV: 'test' }) })],
    });
    expect((await request(test).get('/sandbox/outbox').query(query)).status).toBe(200);
  });

  it('when NODE_ENV is unset, no WhatsApp secret is set and a tenant has a token, then the start fails naming both variables', async () => {
    await createTestTenant(database.db, { accessToken: 'EAAG-live-token-4' });
    const config = loadConfig({ DATABASE_URL: database.url, ROLE: 'web', PORT: '0', LOG_LEVEL: 'silent' });
    const started = startService(config, silentLogger);
    await expect(started).rejects.toBeInstanceOf(ConfigError);
    const problems = await started.catch((error: ConfigError) => error.problems.join('\n'));
    expect(problems).toMatch(/^WHATSAPP_APP_SECRET: required/m);
    expect(problems).toMatch(/^WHATSAPP_VERIFY_TOKEN: required/m);
  }, 60_000);
});
