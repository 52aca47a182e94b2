import express from 'express';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { createHttpApp } from '../../src/http/index.js';
import { silentLogger } from '../../src/shared/index.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';

describe('http app', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await testDatabase();
  });

  it('when a webhook router answers, then it answers before helmet and the other routers; anything it does not match goes on to them', async () => {
    const webhook = express.Router();
    webhook.post('/webhooks/whatsapp', (_request, response) => {
      response.sendStatus(200);
    });
    const admin = express.Router();
    admin.post('/webhooks/whatsapp', (_request, response) => {
      response.status(500).send('the webhook reached the other routers');
    });
    admin.get('/admin/ping', (_request, response) => {
      response.json({ pong: true });
    });
    const app = createHttpApp({ db: database.db, logger: silentLogger, webhookRouters: [webhook], routers: [admin] });

    const hook = await request(app).post('/webhooks/whatsapp').send({}).expect(200);
    expect(hook.headers['x-request-id']).toBeTruthy();
    expect(hook.headers['x-content-type-options']).toBeUndefined();
    expect(hook.headers['content-security-policy']).toBeUndefined();

    const admin200 = await request(app).get('/admin/ping').expect(200);
    expect(admin200.headers['x-content-type-options']).toBe('nosniff');
    const health = await request(app).get('/healthz').expect(200);
    expect(health.headers['content-security-policy']).toBeTruthy();
    await request(app).get('/nowhere').expect(404);
  });
});
