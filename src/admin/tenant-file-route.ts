import { Router } from 'express';
import type { Db } from '../db/index.js';
import { AppError } from '../shared/index.js';
import { exportTenantFile } from '../tenant/index.js';
import { adminContextOf } from './admin-context.js';
import { assertOwner } from './owner-only.js';

/**
 * `GET /admin/tenant-file` (owners only): the tenant's current data as a tenant file, without
 * secrets; `npm run tenant -- import` accepts it and, re-imported, it changes nothing.
 * Mounted under `/admin`.
 */
export function createTenantFileRoute(deps: { db: Db }): Router {
  const router = Router();
  router.get('/tenant-file', async (_request, response) => {
    const context = adminContextOf(response);
    assertOwner(context, 'exportar os dados do salão');
    const file = await exportTenantFile(deps.db, context.tenantId);
    if (!file) throw new AppError('not_found', 'Salão não encontrado.', 404);
    response.set('Cache-Control', 'no-store').set('Content-Disposition', `attachment; filename="${file.slug}.json"`).json(file);
  });
  return router;
}
