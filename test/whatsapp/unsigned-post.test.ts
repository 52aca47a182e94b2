import { execFile } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Channel, startChannel } from '../conversation/channel-harness.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';

const execFileAsync = promisify(execFile);

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

/**
 * Streams a chunked body (no Content-Length) of up to `maxBytes`, 64 KB at a time, from a
 * child process over a plain socket (this process's HTTP interception buffers every write,
 * which would hide backpressure), and gives the status and how many bytes the socket had
 * flushed when the answer came. A server that drains the whole body before answering
 * answers only after the last chunk.
 */
const CHUNKED_CLIENT = `
const net = require('node:net');
const [port, signature, maxBytes] = process.argv.slice(1);
const socket = net.connect(Number(port), '127.0.0.1');
const chunk = Buffer.concat([Buffer.from('10000\\r\\n'), Buffer.alloc(65536, 32), Buffer.from('\\r\\n')]);
let offered = 0, answered = false, received = '';
const pump = () => {
  while (!answered && offered < Number(maxBytes)) {
    offered += 65536;
    if (!socket.write(chunk)) return void socket.once('drain', pump);
  }
  if (!answered) socket.write('0\\r\\n\\r\\n');
};
socket.on('connect', () => {
  socket.write('POST /webhooks/whatsapp HTTP/1.1\\r\\nHost: 127.0.0.1\\r\\nContent-Type: application/json\\r\\n' +
    'Transfer-Encoding: chunked\\r\\nX-Hub-Signature-256: ' + signature + '\\r\\n\\r\\n');
  pump();
});
socket.on('data', (data) => {
  received += data.toString('latin1');
  const status = /^HTTP\\/1\\.1 (\\d{3})/.exec(received);
  if (!status || answered) return;
  answered = true;
  process.stdout.write(JSON.stringify({ status: Number(status[1]), written: socket.bytesWritten }));
  socket.destroy();
});
socket.on('error', (error) => { if (!answered) { process.stderr.write(String(error)); process.exit(1); } });
`;

async function postChunkedStream(port: number, signature: string, maxBytes: number): Promise<{ status: number; written: number }> {
  const { stdout } = await execFileAsync(process.execPath, ['-e', CHUNKED_CLIENT, String(port), signature, String(maxBytes)], {
    timeout: 20_000,
  });
  return JSON.parse(stdout) as { status: number; written: number };
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

  it('when a signed-looking chunked body with no Content-Length goes over the limit, then 413 comes before the rest is read', async () => {
    // 64 MB offered; the limit is 1 MB. Draining it all first would answer only at the end.
    const answer = await postChunkedStream(port, `sha256=${'ab'.repeat(32)}`, 64 * 1024 * 1024);
    expect(answer.status).toBe(413);
    expect(answer.written).toBeLessThan(16 * 1024 * 1024);
  });

  it('when a chunked body stays under the limit, then it is read whole and its signature checked', async () => {
    const answer = await postChunkedStream(port, `sha256=${'ab'.repeat(32)}`, 128 * 1024);
    expect(answer.status).toBe(401);
  });
});
