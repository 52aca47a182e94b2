import { createHash, timingSafeEqual } from 'node:crypto';
import { type Request, type Response, Router } from 'express';
import type { MetricsRegistry } from '../metrics/index.js';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * `GET /metrics` (Prometheus text) behind `Authorization: Bearer <METRICS_TOKEN>`. Without
 * a configured token the route does not exist (404, like any unknown path); a missing or
 * wrong token is 401. Tokens are compared as SHA-256 digests in constant time.
 */
export function createMetricsRouter(options: { token: string | undefined; registry: MetricsRegistry }): Router {
  const router = Router();
  const { token, registry } = options;
  if (!token) return router;
  const expected = digest(token);
  router.get('/metrics', async (request: Request, response: Response) => {
    const header = request.get('authorization') ?? '';
    const presented = /^Bearer (.+)$/i.exec(header)?.[1] ?? '';
    if (!presented || !timingSafeEqual(digest(presented), expected)) {
      response.setHeader('www-authenticate', 'Bearer');
      response.status(401).json({ error: { code: 'unauthorized', message: 'missing or invalid metrics token' } });
      return;
    }
    response.setHeader('content-type', registry.contentType);
    response.setHeader('cache-control', 'no-store');
    response.send(await registry.metrics());
  });
  return router;
}
