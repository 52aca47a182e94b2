import { Router } from 'express';
import type { ResourceItem, Sent } from '../contract/index.js';
import type { Db } from '../db/index.js';
import type { Clock, Logger } from '../shared/index.js';
import { adminContextOf } from './admin-context.js';
import { assertOwner } from './owner-only.js';
import { parseRequest } from './parse-request.js';
import { idParamsSchema } from './request-schemas.js';
import { fieldsBodySchema, saveSettingsChange } from './save-settings-change.js';

/**
 * The salon's shared resources (rooms, chairs, machines: a service that needs one holds one unit,
 * and no more than `count` at once): `GET /admin/resources` (each with the services that need
 * it), `POST /admin/resources` (`name`, `count`; `key` derived from the name when absent) and
 * `PATCH /admin/resources/:id` (the fields sent; `{"retired": true}` retires one no service needs,
 * else 409 `resource_in_use`). Saved through the tenant file's validation like every setting;
 * owners only (attendants 403), another tenant's ids 404. Mounted under `/admin`.
 */
export function createResourceRoutes(deps: { db: Db; logger: Logger; clock: Clock }): Router {
  const router = Router();
  const { db } = deps;

  router.get('/resources', async (_request, response) => {
    const context = adminContextOf(response);
    assertOwner(context, 'ver os recursos do salão');
    response.json({ items: await resourceItems(db, context.tenantId) });
  });

  router.post('/resources', async (request, response) => {
    assertOwner(adminContextOf(response), 'alterar os ajustes do salão');
    const fields = parseRequest(fieldsBodySchema, 'body', request.body);
    const saved = await saveSettingsChange(deps, response, { kind: 'add_resource', fields });
    if (saved) response.status(201).json(resourceBody(saved.file.resources, saved.key, saved.id));
  });

  router.patch('/resources/:id', async (request, response) => {
    assertOwner(adminContextOf(response), 'alterar os ajustes do salão');
    const { id } = parseRequest(idParamsSchema, 'params', request.params);
    const fields = parseRequest(fieldsBodySchema, 'body', request.body);
    const saved = await saveSettingsChange(deps, response, { kind: 'edit_resource', resourceId: id, fields });
    if (saved) response.json(fields.retired === true ? { id, retired: true } : resourceBody(saved.file.resources, saved.key, saved.id));
  });

  return router;
}

async function resourceItems(db: Db, tenantId: number): Promise<Sent<ResourceItem>[]> {
  const resources = await db.resource.findMany({
    where: { tenantId, active: true },
    orderBy: [{ name: 'asc' }, { id: 'asc' }],
    select: {
      id: true,
      key: true,
      name: true,
      count: true,
      services: {
        where: { tenantId, service: { active: true, parentId: null } },
        select: { service: { select: { id: true, name: true } } },
      },
    },
  });
  return resources.map(({ services, ...resource }) => ({
    ...resource,
    services: services.map((link) => link.service).sort((a, b) => a.name.localeCompare(b.name, 'pt-BR')),
  }));
}

function resourceBody(resources: { key: string; name: string; count: number }[] | undefined, key: string | null, id: number | null) {
  return { id, ...(resources ?? []).find((resource) => resource.key === key) };
}
