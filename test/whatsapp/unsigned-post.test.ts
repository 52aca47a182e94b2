import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Channel, startChannel } from '../conversation/channel-harness.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';

/**
 * Posts `totalBytes` but writes only the first KB, then waits for the answer: a server that
 * reads the whole body first never answers (the rest never comes).
 */
function postPartially(port: number, headers: Record<string, string>, totalBytes: number): Promise<{ status: number; received: number }> {
  return new Promise((resolve, reject) => {
    const request = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/webhooks/whatsapp',
      headers: { 'content-type': 'application/json', 'content-length': String(totalBytes), ...headers },
    });
    const timer = setTimeout(() => {
      request.destroy();
      reject(new Error('no answer before the whole body was sent'));
    }, 5000);
    request.on('response', (response) => {
      clearTimeout(timer);
      response.resume();
      resolve({ status: response.statusCode ?? 0, received: request.socket?.bytesWritten ?? 0 });
      request.destroy();
    });
    request.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    request.write(Buffer.alloc(1024, 0x20));
  });
}

// Item: an unsigned 1 MB post was read (and buffered) whole before the 401.
describe('webhook posts without a well-formed signature', () => {
  let database: TestDatabase;
  let channel: Channel;
  let server: http.Server;
  let port: number;
  beforeAll(async () => {
    database = await testDatabase();
    channel = await startChannel({ database, worker: false });
    server = await new Promise<http.Server>((resolve) => {
      const listening = channel.app.listen(0, '127.0.0.1', () => resolve(listening));
    });
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await channel.stop();
  });

  it.each([
    ['missing', {}],
    ['malformed', { 'x-hub-signature-256': 'sha1=abc' }],
  ])('when the signature header is %s on a 1 MB post, then 401 comes before the body is read', async (_what, headers) => {
    const answer = await postPartially(port, headers, 1_000_000);
    expect(answer.status).toBe(401);
    expect(answer.received).toBeLessThan(100_000);
  });

  it('when a well-formed but wrong signature comes with a Content-Length far over the limit, then 413 before the body is read', async () => {
    const answer = await postPartially(port, { 'x-hub-signature-256': `sha256=${'ab'.repeat(32)}` }, 1_000_000_000);
    expect(answer.status).toBe(413);
    expect(answer.received).toBeLessThan(100_000);
  });
});
