import { type Response, Router } from 'express';
import { z } from 'zod';
import type { SalonSettings, Sent } from '../contract/index.js';
import type { Db } from '../db/index.js';
import { AppError, type Clock, type Logger, localDateTimeOf } from '../shared/index.js';
import {
  type ChangeTenantSettingsRequest,
  changeTenantSettings,
  exportTenantFile,
  firstRunChecklist,
  SETTINGS_FIELDS,
  type SettingsActor,
  type SettingsOutcome,
  type TenantFile,
} from '../tenant/index.js';
import { type AdminContext, adminContextOf } from './admin-context.js';
import { assertOwner } from './owner-only.js';
import { parseRequest } from './parse-request.js';
import { idParamsSchema } from './request-schemas.js';
import { staffRefusalTexts } from './staff-refusal-texts.js';

// The fields themselves are judged by the tenant file's schema (tenant/); here only the shape of the body.
const fieldsBodySchema = z.record(z.string(), z.unknown(), { error: 'envie um objeto JSON com os campos' });
const settingsBodySchema = z.strictObject(Object.fromEntries(SETTINGS_FIELDS.map((field) => [field, z.unknown().optional()])), {
  error: (issue) =>
    issue.code === 'unrecognized_keys' ? `campo desconhecido: use ${SETTINGS_FIELDS.join(', ')}` : 'envie um objeto JSON com os campos',
});

const WHAT = 'alterar os ajustes do salão';

/**
 * The owner's settings, saved through the tenant file's validation (tenant/changeTenantSettings):
 * `GET /admin/settings` (booking rules, reminders, templates, business information, holidays; the
 * catalogue with ids; the first-run checklist), `PUT /admin/settings`, `POST /admin/services`,
 * `PATCH /admin/services/:id`, `POST /admin/professionals`, `PATCH /admin/professionals/:id`.
 * Only the fields sent change; `{"retired": true}` retires. Owners only (attendants 403); another
 * tenant's ids 404. A refusal is 400 with a pt-BR `details` entry per field, or 409, and writes
 * nothing. Mounted under `/admin`.
 */
export function createSettingsRoutes(deps: { db: Db; logger: Logger; clock: Clock }): Router {
  const router = Router();
  const { db } = deps;

  const save = async (response: Response, change: ChangeTenantSettingsRequest['change']) => {
    const context = adminContextOf(response);
    assertOwner(context, WHAT);
    const outcome = await changeTenantSettings(db, { tenantId: context.tenantId, actor: actorOf(context), change, now: deps.clock.now() });
    const saved = savedOrThrow(outcome, change.kind, context.timezone, response);
    if (!saved) return null;
    deps.logger.info({ tenantId: context.tenantId, change: change.kind, key: saved.key }, 'tenant settings changed');
    return saved;
  };

  router.get('/settings', async (_request, response) => {
    const context = adminContextOf(response);
    assertOwner(context, WHAT);
    const file = await exportTenantFile(db, context.tenantId);
    if (!file) throw new AppError('not_found', 'Salão não encontrado.', 404);
    response.json(await settingsBody(db, context.tenantId, file));
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

function actorOf(context: AdminContext): SettingsActor {
  return context.actor.kind === 'staff'
    ? { kind: 'staff_account', staffAccountId: context.actor.staffId }
    : { kind: 'api_key', apiKeyId: context.actor.apiKeyId };
}

/**
 * The saved file, or the refusal as the admin API answers it (pt-BR for the owner). A
 * professional's future appointments are answered here (409 with `appointments`), so null.
 */
function savedOrThrow(
  outcome: SettingsOutcome,
  kind: ChangeTenantSettingsRequest['change']['kind'],
  timezone: string,
  response: Response,
): Extract<SettingsOutcome, { kind: 'saved' }> | null {
  switch (outcome.kind) {
    case 'saved':
      return outcome;
    case 'invalid':
      throw new AppError('invalid_request', 'Corrija os campos indicados.', 400, outcome.problems);
    case 'not_found':
      throw new AppError(
        'not_found',
        kind === 'edit_professional'
          ? staffRefusalTexts.professionalNotFound()
          : kind === 'edit_service'
            ? staffRefusalTexts.serviceNotFound()
            : 'Salão não encontrado.',
        404,
      );
    case 'last_service':
      throw new AppError('last_service', 'Este é o último serviço ativo: o salão precisa de pelo menos um.', 409);
    case 'last_professional':
      throw new AppError('last_professional', 'Este é o último profissional ativo: o salão precisa de pelo menos um.', 409);
    case 'future_appointments':
      response.status(409).json({
        error: {
          code: 'has_future_appointments',
          message: `Este profissional ainda tem ${outcome.appointments.length === 1 ? '1 horário marcado' : `${outcome.appointments.length} horários marcados`}: remarque ou cancele antes de retirá-lo.`,
        },
        appointments: outcome.appointments.map((appointment) => ({
          id: appointment.id,
          start: localDateTimeOf(appointment.startsAt.getTime(), timezone),
          end: localDateTimeOf(appointment.endsAt.getTime(), timezone),
          service: appointment.service,
          customer: appointment.customer,
        })),
      });
      return null;
  }
}

async function settingsBody(db: Db, tenantId: number, file: TenantFile): Promise<Sent<SalonSettings> & Record<string, unknown>> {
  const [services, professionals, checklist] = await Promise.all([
    db.service.findMany({ where: { tenantId, active: true }, select: { id: true, key: true } }),
    db.professional.findMany({ where: { tenantId, active: true }, select: { id: true, key: true } }),
    firstRunChecklist(db, tenantId),
  ]);
  const serviceIds = new Map(services.map((row) => [row.key, row.id]));
  const professionalIds = new Map(professionals.map((row) => [row.key, row.id]));
  return {
    name: file.name,
    timezone: file.timezone,
    assistant: file.assistant,
    booking: file.booking,
    reminders: file.reminders ?? [],
    templates: file.templates ?? {},
    holidays: file.holidays ?? null,
    resources: file.resources ?? [],
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
