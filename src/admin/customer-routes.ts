import { Router } from 'express';
import type { Db } from '../db/index.js';
import { eraseCustomerData, exportCustomerData } from '../privacy/index.js';
import { AppError, type Clock, type Logger } from '../shared/index.js';
import { type AdminContext, adminContextOf } from './admin-context.js';
import { parseRequest } from './parse-request.js';
import { idParamsSchema } from './request-schemas.js';

const customerNotFound = () => new AppError('not_found', 'customer not found', 404);

/**
 * LGPD requests are the owner's: a console attendant is refused; the tenant API key (held by
 * whoever set the integration up) may make them. Returns who asked, for the audit log.
 */
function ownerOf(context: AdminContext): string {
  if (context.actor.kind === 'api_key') return `api-key:${context.actor.apiKeyId}`;
  if (context.actor.role !== 'owner') throw new AppError('forbidden', 'only the owner may export or erase customer data', 403);
  return `staff:${context.actor.staffId}`;
}

/**
 * LGPD requests (art. 18) for one customer of the caller's tenant: `GET …/export` answers
 * everything stored about them as JSON; `DELETE` erases their personal data and keeps
 * appointments and stats anonymised. Both are recorded in `privacy_requests` without
 * personal data; another tenant's customer answers 404 like a missing one.
 */
export function createCustomerRoutes(deps: { db: Db; logger: Logger; clock: Clock }): Router {
  const router = Router();

  router.get('/customers/:id/export', async (request, response) => {
    const context = adminContextOf(response);
    const { tenantId } = context;
    const actor = ownerOf(context);
    const { id } = parseRequest(idParamsSchema, 'params', request.params);
    const exported = await exportCustomerData(deps.db, { tenantId, customerId: id, now: deps.clock.now(), actor });
    if (!exported) throw customerNotFound();
    deps.logger.info({ tenantId, customerId: id }, 'customer data exported');
    response.set('Content-Disposition', `attachment; filename="customer-${id}.json"`).json(exported);
  });

  router.delete('/customers/:id', async (request, response) => {
    const context = adminContextOf(response);
    const { tenantId } = context;
    const actor = ownerOf(context);
    const { id } = parseRequest(idParamsSchema, 'params', request.params);
    const erased = await eraseCustomerData(deps.db, { tenantId, customerId: id, actor });
    if (erased.kind === 'not_found') throw customerNotFound();
    deps.logger.info({ tenantId, customerId: id, requestId: erased.requestId, rows: erased.rows }, 'customer personal data erased');
    response.json({ erased: true, requestId: erased.requestId, rows: erased.rows });
  });

  return router;
}
