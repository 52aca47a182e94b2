import { Writable } from 'node:stream';
import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createAccessLog } from '../../src/http/access-log.js';
import { createLogger } from '../../src/shared/index.js';

interface Line {
  level: number;
  msg: string;
  req?: { id: string; method: string; path: string };
  res?: { statusCode: number };
  responseTime?: number;
}

function appWithLog(level: string) {
  const lines: Line[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) lines.push(JSON.parse(line) as Line);
      done();
    },
  });
  const app = express();
  app.use(createAccessLog(createLogger(level, undefined, sink), (url) => url === '/healthz'));
  app.get('/healthz', (_request, response) => response.json({ status: 'ok' }));
  app.get('/calendar/:token.ics', (_request, response) => response.send('ics'));
  app.post('/boom', (_request, response) => response.status(500).json({}));
  app.get('/webhooks/whatsapp', (request, response) => response.send(request.id));
  const settled = async () => {
    await new Promise((resolve) => setImmediate(resolve));
    return lines;
  };
  return { app, lines: settled };
}

describe('access log', () => {
  it('when a request is answered, then one line names its id, method, path without the query, status and time', async () => {
    const { app, lines } = appWithLog('info');
    const response = await request(app).get('/webhooks/whatsapp?hub.verify_token=secret-token&hub.challenge=1').expect(200);
    const id = response.headers['x-request-id'];
    expect(response.text).toBe(id);
    const logged = await lines();
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ level: 30, msg: 'request completed', req: { id, method: 'GET', path: '/webhooks/whatsapp' } });
    expect(logged[0]?.res).toEqual({ statusCode: 200 });
    expect(typeof logged[0]?.responseTime).toBe('number');
    expect(JSON.stringify(logged)).not.toContain('secret-token');
  });

  it('when a calendar feed is fetched or a route fails, then the token stays out and a 5xx is logged as errored', async () => {
    const { app, lines } = appWithLog('info');
    await request(app).get('/calendar/tok3n-value.ics').expect(200);
    await request(app).post('/boom').expect(500);
    const logged = await lines();
    expect(logged.map((line) => [line.msg, line.req?.path])).toEqual([
      ['request completed', '/calendar/[token].ics'],
      ['request errored', '/boom'],
    ]);
  });

  it('when the caller sends a well-formed x-request-id, then it is kept; a malformed one is replaced', async () => {
    const { app } = appWithLog('info');
    expect((await request(app).get('/webhooks/whatsapp').set('x-request-id', 'abc-123')).text).toBe('abc-123');
    const replaced = await request(app).get('/webhooks/whatsapp').set('x-request-id', 'bad id with spaces');
    expect(replaced.text).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('when the path is skipped or info is off, then the request still gets an id and nothing is logged', async () => {
    const quiet = appWithLog('warn');
    const response = await request(quiet.app).get('/webhooks/whatsapp').expect(200);
    expect(response.headers['x-request-id']).toBeTruthy();
    expect(await quiet.lines()).toEqual([]);
    const health = appWithLog('info');
    await request(health.app).get('/healthz').expect(200);
    expect(await health.lines()).toEqual([]);
  });
});
