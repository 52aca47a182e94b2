import { Writable } from 'node:stream';
import express from 'express';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { createHttpApp, type PlainRoute } from '../../src/http/index.js';
import { AppError, createLogger, silentLogger } from '../../src/shared/index.js';
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

  it('when a plain route matches method and path, then it answers before express, with the request id and an access-log line; other spellings go on to express', async () => {
    const lines: { msg: string; req?: { id: string; path: string }; res?: { statusCode: number } }[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) lines.push(JSON.parse(line));
        done();
      },
    });
    const plain: PlainRoute = {
      method: 'POST',
      path: '/webhooks/whatsapp',
      handle: async (incoming, response) => {
        response.writeHead(200, { 'content-type': 'text/plain' }).end(`plain ${incoming.url}`);
      },
    };
    const webhook = express.Router();
    webhook.all('/webhooks/whatsapp', (_request, response) => {
      response.send('express');
    });
    const app = createHttpApp({
      db: database.db,
      logger: createLogger('info', undefined, sink),
      plainRoutes: [plain],
      webhookRouters: [webhook],
      routers: [],
    });

    const served = await request(app).post('/webhooks/whatsapp?x=1').set('x-request-id', 'meta-delivery-7').send('{}').expect(200);
    expect(served.text).toBe('plain /webhooks/whatsapp?x=1');
    expect(served.headers['x-request-id']).toBe('meta-delivery-7');
    expect(served.headers['x-content-type-options']).toBeUndefined();
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines).toContainEqual(
      expect.objectContaining({
        msg: 'request completed',
        req: expect.objectContaining({ id: 'meta-delivery-7', path: '/webhooks/whatsapp' }),
        res: { statusCode: 200 },
      }),
    );

    expect((await request(app).get('/webhooks/whatsapp').expect(200)).text).toBe('express');
    expect((await request(app).post('/webhooks/whatsapp/').send('{}').expect(200)).text).toBe('express');
    expect((await request(app).post('/webhooks/whatsapp/other').send('{}').expect(404)).body.error.code).toBe('not_found');
  });

  it('when a plain route rejects, then it is answered as the error handler answers: an AppError with its status, anything else a logged 500', async () => {
    const lines: { msg: string; level: number; requestId?: string }[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) lines.push(JSON.parse(line));
        done();
      },
    });
    const failing = (error: Error): PlainRoute => ({
      method: 'POST',
      path: error instanceof AppError ? '/refused' : '/broken',
      handle: async () => {
        throw error;
      },
    });
    const app = createHttpApp({
      db: database.db,
      logger: createLogger('warn', undefined, sink),
      plainRoutes: [failing(new AppError('conflict', 'already there', 409)), failing(new Error('database is down'))],
      routers: [],
    });

    const refused = await request(app).post('/refused').send('{}').expect(409);
    expect(refused.body).toEqual({ error: { code: 'conflict', message: 'already there' } });
    const broken = await request(app).post('/broken').set('x-request-id', 'delivery-500').send('{}').expect(500);
    expect(broken.body).toEqual({ error: { code: 'internal_error', message: 'internal error' } });
    expect(broken.text).not.toContain('database is down');
    expect(lines).toContainEqual(expect.objectContaining({ msg: 'unhandled error in request', level: 50, requestId: 'delivery-500' }));
  });
});
