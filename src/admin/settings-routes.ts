import { type Response, Router } from 'express';
import { z } from 'zod';
import type { SalonSettings, Sent, SettingsChangeItem } from '../contract/index.js';
import type { Db } from '../db/index.js';
import { AppError, type Clock, type Logger } from '../shared/index.js';
import {
  type ChangeTenantSettingsRequest,
  exportTenantFile,
  firstRunChecklist,
  listSettingsChanges,
  SETTINGS_FIELDS,
  type TenantFile,
} from '../tenant/index.js';
import { adminContextOf } from './admin-context.js';
import { assertOwner } from './owner-only.js';
import { parseRequest } from './parse-request.js';
import { idParamsSchema } from './request-schemas.js';
import { fieldsBodySchema, saveSettingsChange } from './save-settings-change.js';

const settingsBodySchema = z.strictObject(Object.fromEntries(SETTINGS_FIELDS.map((field) => [field, z.unknown().optional()])), {
  error: (issue) =>
    issue.code === 'unrecognized_keys' ? `campo desconhecido: use ${SETTINGS_FIELDS.join(', ')}` : 'envie um objeto JSON com os campos',
});

const WHAT = 'alterar os ajustes do salão';

/**
 * The owner's settings, saved through the tenant file's validation (tenant/changeTenantSettings):
 * `GET /admin/settings` (booking rules, reminders, templates, business information, holidays; the
 * catalogue with ids; the first-run checklist), `GET /admin/settings/changes` (the latest recorded
 * changes with their actors, file imports from the command line included), `PUT /admin/settings`, `POST /admin/services`,
 * `PATCH /admin/services/:id`, `POST /admin/professionals`, `PATCH /admin/professionals/:id`.
 * Only the fields sent change; `{"retired": true}` retires. Owners only (attendants 403); another
 * tenant's ids 404. A refusal is 400 with a pt-BR `details` entry per field, or 409, and writes
 * nothing. Mounted under `/admin`.
 */
export function createSettingsRoutes(deps: { db: Db; logger: Logger; clock: Clock }): Router {
  const router = Router();
  const { db } = deps;

  const save = (response: Response, change: ChangeTenantSettingsRequest['change']) => saveSettingsChange(deps, response, change);

  router.get('/settings', async (_request, response) => {
    const context = adminContextOf(response);
    assertOwner(context, WHAT);
    const file = await exportTenantFile(db, context.tenantId);
    if (!file) throw new AppError('not_found', 'Salão não encontrado.', 404);
    response.json(await settingsBody(db, context.tenantId, file));
  });

  router.get('/settings/changes', async (_request, response) => {
    const context = adminContextOf(response);
    assertOwner(context, WHAT);
    const entries = await listSettingsChanges(db, context.tenantId);
    const items: Sent<SettingsChangeItem>[] = entries.map((entry) => ({ ...entry, at: entry.at.toISOString() }));
    response.json({ items });
  });

  router.put('/settings', async (request, response) => {
    assertOwner(adminContextOf(response), WHAT);
    const fields = parseRequest(settingsBodySchema, 'body', request.body);
    const saved = await save(response, { kind: 'settings', fields });
    if (saved) response.json(await settingsBody(db, adminContextOf(response).tenantId, saved.file));
  });

  router.post('/services', async (request, response) => {
    assertOwner(adminContextOf(response), WHAT);
    const fields = parseRequest(fieldsBodySchema, 'body', request.body);
    const saved = await save(response, { kind: 'add_service', fields });
    if (saved) response.status(201).json(serviceBody(saved.file, saved.key, saved.id));
  });

  router.patch('/services/:id', async (request, response) => {
    assertOwner(adminContextOf(response), WHAT);
    const { id } = parseRequest(idParamsSchema, 'params', request.params);
    const fields = parseRequest(fieldsBodySchema, 'body', request.body);
    const saved = await save(response, { kind: 'edit_service', serviceId: id, fields });
    if (saved) response.json(fields.retired === true ? { id, retired: true } : serviceBody(saved.file, saved.key, saved.id));
  });

  router.post('/professionals', async (request, response) => {
    assertOwner(adminContextOf(response), WHAT);
    const fields = parseRequest(fieldsBodySchema, 'body', request.body);
    const saved = await save(response, { kind: 'add_professional', fields });
    if (saved) response.status(201).json(professionalBody(saved.file, saved.key, saved.id));
  });

  router.patch('/professionals/:id', async (request, response) => {
    assertOwner(adminContextOf(response), WHAT);
    const { id } = parseRequest(idParamsSchema, 'params', request.params);
    const fields = parseRequest(fieldsBodySchema, 'body', request.body);
    const saved = await save(response, { kind: 'edit_professional', professionalId: id, fields });
    if (saved) response.json(fields.retired === true ? { id, retired: true } : professionalBody(saved.file, saved.key, saved.id));
  });

  return router;
}

async function settingsBody(db: Db, tenantId: number, file: TenantFile): Promise<Sent<SalonSettings> & Record<string, unknown>> {
  const [services, professionals, resources, checklist] = await Promise.all([
    db.service.findMany({ where: { tenantId, active: true }, select: { id: true, key: true } }),
    db.professional.findMany({ where: { tenantId, active: true }, select: { id: true, key: true } }),
    db.resource.findMany({ where: { tenantId, active: true }, select: { id: true, key: true } }),
    firstRunChecklist(db, tenantId),
  ]);
  const serviceIds = new Map(services.map((row) => [row.key, row.id]));
  const professionalIds = new Map(professionals.map((row) => [row.key, row.id]));
  const resourceIds = new Map(resources.map((row) => [row.key, row.id]));
  return {
    name: file.name,
    timezone: file.timezone,
    assistant: file.assistant,
    booking: file.booking,
    reminders: file.reminders ?? [],
    templates: file.templates ?? {},
    holidays: file.holidays ?? null,
    resources: (file.resources ?? []).map((resource) => ({ id: resourceIds.get(resource.key) ?? null, ...resource })),
    services: file.services.map((service) => ({
      id: serviceIds.get(service.key) ?? null,
      ...service,
      variants: (service.variants ?? []).map((variant) => ({ id: serviceIds.get(variant.key) ?? null, ...variant })),
    })),
    professionals: file.professionals.map((professional) => ({ id: professionalIds.get(professional.key) ?? null, ...professional })),
    checklist,
  };
}

function serviceBody(file: TenantFile, key: string | null, id: number | null) {
  for (const service of file.services) {
    if (service.key === key) return { id, ...service };
    const variant = service.variants?.find((entry) => entry.key === key);
    if (variant) return { id, parentKey: service.key, ...variant };
  }
  return { id, key };
}

function professionalBody(file: TenantFile, key: string | null, id: number | null) {
  return { id, ...file.professionals.find((professional) => professional.key === key) };
}
