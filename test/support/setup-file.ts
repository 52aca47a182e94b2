import { afterAll, afterEach, beforeAll } from 'vitest';
import { mswServer } from './msw.js';

// Every outside HTTP call a test makes must be faked: an unhandled request to any host but
// loopback (our own server under test, loopback fakes) fails the test.
beforeAll(() => {
  mswServer.listen({
    onUnhandledRequest(request, print) {
      const host = new URL(request.url).hostname;
      if (host === '127.0.0.1' || host === 'localhost' || host === '[::1]' || host === '::1') return;
      print.error();
    },
  });
});
afterEach(() => mswServer.resetHandlers());
afterAll(() => mswServer.close());
