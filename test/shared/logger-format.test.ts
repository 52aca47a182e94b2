import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { formatReadyNotice, readyLogFields, type ServiceReady } from '../../src/boot/index.js';
import { createLogger } from '../../src/shared/index.js';

/** A destination that keeps what the logger wrote. */
function capture() {
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString('utf8');
      done();
    },
  });
  return { stream, text: () => text };
}

const ready: ServiceReady = {
  baseUrl: 'http://localhost:3000',
  role: 'all',
  database: 'embedded PostgreSQL under /srv/.data/pg',
  firstRun: {
    tenantSlug: 'salao-bela-vista',
    apiKey: 'wa_0123abcd_segredo-da-chave',
    console: { email: 'dona@salao-bela-vista.demo', password: 'abcd-efgh-jkmn-pqrs' },
  },
};

describe('log output for people and for machines', () => {
  it('when the logger is pretty (a terminal), then lines are human-readable, not JSON, and secrets are still redacted', () => {
    const out = capture();
    const logger = createLogger('info', undefined, out.stream, { pretty: true });
    logger.info({ port: 3000, password: 'nao-mostrar' }, 'wa-agenda started');
    const text = out.text();
    expect(() => JSON.parse(text)).toThrow();
    expect(text).toMatch(/\d\d:\d\d:\d\d/);
    expect(text).toContain('INFO');
    expect(text).toContain('wa-agenda started');
    expect(text).toContain('port: 3000');
    expect(text).not.toContain('nao-mostrar');
    expect(text).not.toContain('"service"');
  });

  it('when the logger is not pretty (a pipe), then each event is one JSON line', () => {
    const out = capture();
    createLogger('info', undefined, out.stream).info({ port: 3000 }, 'wa-agenda started');
    expect(JSON.parse(out.text())).toMatchObject({ level: 30, port: 3000, msg: 'wa-agenda started', service: 'wa-agenda' });
  });

  it('when the service is ready, then the plain block names the URLs, the console account and the key; the JSON line names no secret', () => {
    const block = formatReadyNotice(ready);
    for (const expected of [
      'wa-agenda is ready',
      'http://localhost:3000/console',
      'http://localhost:3000/webhooks/whatsapp',
      'dona@salao-bela-vista.demo',
      'abcd-efgh-jkmn-pqrs',
      'wa_0123abcd_segredo-da-chave',
      'npm run chat',
    ]) {
      expect(block).toContain(expected);
    }
    expect(block).not.toContain('{');
    const fields = JSON.stringify(readyLogFields(ready));
    expect(fields).toContain('http://localhost:3000/console');
    expect(fields).toContain('dona@salao-bela-vista.demo');
    expect(fields).not.toContain('abcd-efgh-jkmn-pqrs');
    expect(fields).not.toContain('segredo-da-chave');
    expect(formatReadyNotice({ ...ready, firstRun: null })).not.toContain('segredo');
  });
});
