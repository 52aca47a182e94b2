import { afterAll, afterEach, beforeAll } from 'vitest';
import { checkScriptedClaudes, forgetScriptedClaudes, trackScriptedClaudes } from '../fakes/anthropic.js';
import { mswServer } from './msw.js';

const loopbackHosts = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/** The URL a network frame (an HTTP request or a WebSocket connection) goes to. */
function frameUrl(frame: { protocol: string; data: unknown }): URL | null {
  if (frame.protocol === 'http') return new URL((frame.data as { request: Request }).request.url);
  if (frame.protocol === 'ws') return (frame.data as { connection: { client: { url: URL } } }).connection.client.url;
  return null;
}

// Every outside call a test makes must be faked: an unhandled request (or WebSocket) to any
// host but loopback (our own server under test, loopback fakes) fails the test.
beforeAll(() => {
  mswServer.listen({
    onUnhandledFrame({ frame, defaults }) {
      const url = frameUrl(frame);
      if (url && loopbackHosts.has(url.hostname)) return;
      // msw 3's defaults only print: failing the frame is the callback's job. A thrown
      // network-error Response fails an HTTP request as a refused connection would (what
      // msw 2's `print.error()` did), so no code under test mistakes it for Meta's 5xx.
      defaults.error();
      if (frame.protocol === 'http') throw Response.error();
      throw new Error(`outside connection without a fake: ${url?.href ?? frame.protocol}`);
    },
  });
});
afterEach(() => mswServer.resetHandlers());
afterAll(() => mswServer.close());

// Every scripted Claude is strict: a test whose script has steps left, or that made a model
// call with no step left, fails (a wrong test cannot pass on an extra call becoming a handoff).
trackScriptedClaudes();
afterEach(() => {
  const problems = checkScriptedClaudes();
  if (problems.length > 0) throw new Error(`the scripted Claude was not followed exactly:\n- ${problems.join('\n- ')}`);
});
afterAll(() => forgetScriptedClaudes());
