import { Router } from 'express';
import type { Db } from '../db/index.js';
import type { Clock, Logger } from '../shared/index.js';
import { AppError } from '../shared/index.js';
import { exportTenantFile } from '../tenant/index.js';
import { adminContextOf } from './admin-context.js';
import { assertOwner } from './owner-only.js';
import { parseRequest } from './parse-request.js';
import { fieldsBodySchema, saveSettingsChange } from './save-settings-change.js';

/**
 * `GET /admin/tenant-file` (owners only): the tenant's current data as a tenant file, without
 * secrets; `npm run tenant -- import` accepts it and, re-imported, it changes nothing.
 * `POST /admin/tenant-file`: the owner imports a whole tenant file of this salon (same slug; the
 * WhatsApp number and token stay the operator's); 200 `{changes}` (what changed, entry by entry)
 * or 400 with every problem in pt-BR at its place in the file (`services.corte.durationMinutes`),
 * nothing written. Mounted under `/admin`.
 */
export function createTenantFileRoute(deps: { db: Db; logger: Logger; clock: Clock }): Router {
  const router = Router();
  router.get('/tenant-file', async (_request, response) => {
    const context = adminContextOf(response);
    assertOwner(context, 'exportar os dados do salão');
    const file = await exportTenantFile(deps.db, context.tenantId);
    if (!file) throw new AppError('not_found', 'Salão não encontrado.', 404);
    response.set('Cache-Control', 'no-store').set('Content-Disposition', `attachment; filename="${file.slug}.json"`).json(file);
  });
  router.post('/tenant-file', async (request, response) => {
    assertOwner(adminContextOf(response), 'importar os dados do salão');
    const fields = parseRequest(fieldsBodySchema, 'body', request.body);
    const saved = await saveSettingsChange(deps, response, { kind: 'import_file', fields });
    if (saved) response.json({ changes: saved.changes ?? [] });
  });
  return router;
}
