import { createServer } from 'node:net';

/**
 * A TCP port free on 127.0.0.1 right now (the kernel picks it). Random ports in a fixed
 * range collided with the kernel's own ephemeral ports now and then (a flaky "port taken").
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}
