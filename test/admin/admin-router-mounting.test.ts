import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAdminRouter } from '../../src/admin/index.js';
import { schedulingDepsOf } from '../../src/boot/index.js';
import { loadConfig } from '../../src/config/index.js';
import { createHttpApp } from '../../src/http/index.js';
import { silentLogger, systemClock } from '../../src/shared/index.js';
import { createWhatsAppWebhookRouter, signPayload } from '../../src/whatsapp/index.js';
import { newWamid, webhookFixture } from '../fixtures/whatsapp/webhook-fixtures.js';
import { createTestTenant } from '../support/factories.js';
import { testIntakePool } from '../support/intake-pool.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';

describe('admin router mounting', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await testDatabase();
  });

  it('when the admin router is mounted before the webhook, then signed webhooks still verify and need no API key, and health checks stay open', async () => {
    const config = loadConfig({ NODE_ENV: 'test', WHATSAPP_APP_SECRET: 'mount-secret', DEBOUNCE_MS: '60000' });
    const deps = { config, db: database.db, databaseUrl: database.url, logger: silentLogger, clock: systemClock };
    const app = createHttpApp({
      db: database.db,
      logger: silentLogger,
      routers: [
        createAdminRouter({ ...deps, scheduling: schedulingDepsOf(deps.db) }),
        createWhatsAppWebhookRouter({ ...deps, intakePool: testIntakePool(database.url) }),
      ],
    });
    const tenant = await createTestTenant(database.db);
    const raw = JSON.stringify(webhookFixture('text', { phoneNumberId: tenant.phoneNumberId, text: 'oi', messageId: newWamid() }));

    const webhook = await request(app)
      .post('/webhooks/whatsapp')
      .set('content-type', 'application/json')
      .set('x-hub-signature-256', signPayload(raw, 'mount-secret'))
      .send(raw);

    expect(webhook.status).toBe(200);
    expect(await database.db.message.count({ where: { tenantId: tenant.id, direction: 'inbound', text: 'oi' } })).toBe(1);
    expect((await request(app).get('/healthz')).status).toBe(200);
    expect((await request(app).get('/admin/handoffs')).status).toBe(401);
  });
});
