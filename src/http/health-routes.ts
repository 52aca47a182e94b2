import { Router } from 'express';
import type { Db } from '../db/index.js';
import { isQueueSchemaReachable } from '../queue/index.js';
import { errorBody } from './error-handler.js';

/** `/healthz`: the process answers. `/readyz`: the database and the job queue's schema are reachable. */
export function createHealthRoutes(db: Db): Router {
  const router = Router();
  router.get('/healthz', (_request, response) => {
    response.json({ status: 'ok' });
  });
  router.get('/readyz', async (_request, response) => {
    try {
      await isQueueSchemaReachable(db);
      response.json({ status: 'ready', database: 'ok', queue: 'ok' });
    } catch {
      response.status(503).json(errorBody('not_ready', 'database or queue unreachable'));
    }
  });
  return router;
}
