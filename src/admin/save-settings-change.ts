import type { Response } from 'express';
import { z } from 'zod';
import type { Db } from '../db/index.js';
import { AppError, type Clock, type Logger, localDateTimeOf } from '../shared/index.js';
import { type ChangeTenantSettingsRequest, changeTenantSettings, type SettingsActor, type SettingsOutcome } from '../tenant/index.js';
import { type AdminContext, adminContextOf } from './admin-context.js';
import { assertOwner } from './owner-only.js';
import { staffRefusalTexts } from './staff-refusal-texts.js';

// The fields themselves are judged by the tenant file's schema (tenant/); here only the shape of the body.
export const fieldsBodySchema = z.record(z.string(), z.unknown(), { error: 'envie um objeto JSON com os campos' });

/**
 * Saves one settings change for the owner calling (attendants 403) through the tenant file's
 * validation, and answers a refusal as the admin API does: 400 with a pt-BR `details` entry per
 * field, 404 for another tenant's ids, 409 for what the salon must keep or move first. Null when
 * the refusal was answered here (a professional's appointments ahead); else the saved change.
 */
export async function saveSettingsChange(
  deps: { db: Db; logger: Logger; clock: Clock },
  response: Response,
  change: ChangeTenantSettingsRequest['change'],
): Promise<Extract<SettingsOutcome, { kind: 'saved' }> | null> {
  const context = adminContextOf(response);
  assertOwner(context, 'alterar os ajustes do salão');
  const outcome = await changeTenantSettings(deps.db, {
    tenantId: context.tenantId,
    actor: actorOf(context),
    change,
    now: deps.clock.now(),
  });
  const saved = savedOrThrow(outcome, change.kind, context.timezone, response);
  if (!saved) return null;
  deps.logger.info({ tenantId: context.tenantId, change: change.kind, key: saved.key }, 'tenant settings changed');
  return saved;
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
            : kind === 'edit_resource'
              ? 'Recurso não encontrado.'
              : 'Salão não encontrado.',
        404,
      );
    case 'last_service':
      throw new AppError('last_service', 'Este é o último serviço ativo: o salão precisa de pelo menos um.', 409);
    case 'resource_in_use':
      throw new AppError(
        'resource_in_use',
        `Este recurso ainda é usado por ${outcome.services.map((service) => service.name).join(', ')}: tire-o desses serviços antes de retirá-lo.`,
        409,
      );
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
