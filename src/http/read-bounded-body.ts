import type { IncomingMessage, ServerResponse } from 'node:http';

/** What reading a request body up to a limit gave: the bytes, or the point where it went over. */
export type BoundedBody = { kind: 'body'; bytes: Buffer } | { kind: 'too_large'; receivedBytes: number } | { kind: 'aborted' };

/**
 * Reads a request body into memory, but stops at the first chunk that takes it past
 * `maxBytes`: reading then pauses, and the caller answers 413 and drops the rest
 * (discardRestThenClose).
 * express.raw (body-parser) instead drains the whole body before its 413, so a chunked body
 * with no Content-Length (or a lying one) could make the server read gigabytes it cannot use.
 */
export function readBoundedBody(request: IncomingMessage, maxBytes: number): Promise<BoundedBody> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const finish = (outcome: BoundedBody) => {
      request.off('data', onData);
      request.off('end', onEnd);
      request.off('error', onAborted);
      request.off('aborted', onAborted);
      resolve(outcome);
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > maxBytes) {
        request.pause();
        finish({ kind: 'too_large', receivedBytes: received });
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => finish({ kind: 'body', bytes: Buffer.concat(chunks, received) });
    const onAborted = () => finish({ kind: 'aborted' });
    request.on('data', onData);
    request.on('end', onEnd);
    request.on('error', onAborted);
    request.on('aborted', onAborted);
  });
}

/**
 * After a 413 on a body that is still arriving, a lingering close (as web servers do): once the
 * answer is flushed, the socket's write side is closed (the client reads the 413, then the end),
 * and what the client goes on sending is read and dropped (never kept) until it closes, or for
 * at most `maxBytes` or `maxMs`; then the socket is destroyed. Destroying it at once, with the
 * client's bytes unread in the kernel, resets the connection, and a client still writing may
 * lose the 413 it has not read yet (a CI run under load lost it after 4 MB of draining).
 */
export function discardRestThenClose(
  request: IncomingMessage,
  response: ServerResponse,
  limits: { maxBytes: number; maxMs: number },
): void {
  const socket = request.socket;
  let discarded = 0;
  const close = () => socket.destroy();
  const timer = setTimeout(close, limits.maxMs);
  timer.unref();
  request.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > limits.maxBytes) close();
  });
  const afterAnswer = (then: () => void) => (response.writableFinished ? then() : response.once('finish', then));
  // the client is done sending: nothing left to drop once the answer is out
  request.once('end', () => afterAnswer(close));
  socket.once('close', () => clearTimeout(timer));
  afterAnswer(() => {
    if (!socket.destroyed) socket.end();
  });
  request.resume();
}
