import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';

// The guard lives in test/support/setup-file.ts. These machines have no internet, so "it
// failed" alone proves nothing: the failure must come from the guard, before any DNS lookup.
describe('outside HTTP in tests', () => {
  it('when a test calls a host that no fake answers, then the call fails at once, before any lookup or connection', async () => {
    const failure = await fetch('https://api.example.com/v1/anything').then(
      (response) => ({ reached: true, status: response.status, cause: undefined }),
      (error: Error) => ({ reached: false, status: 0, cause: error.cause as (Error & { code?: string }) | undefined }),
    );
    expect(failure.reached).toBe(false);
    expect(failure.cause?.code).toBeUndefined();
    expect(String(failure.cause)).not.toMatch(/ENOTFOUND|EAI_AGAIN|ECONNREFUSED|getaddrinfo/);
  });

  it('when a test calls a loopback server, then the call goes through untouched', async () => {
    const server = http.createServer((_request, response) => response.end('loopback'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      expect(await response.text()).toBe('loopback');
    } finally {
      server.close();
    }
  });
});
