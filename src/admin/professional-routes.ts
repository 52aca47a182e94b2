import { Router } from 'express';
import type { Db } from '../db/index.js';
import {
  createProfessionalBlock,
  deleteProfessionalBlock,
  ensureCalendarFeedTokens,
  findStaffAvailability,
  listProfessionals,
  listServices,
  localDateTimeOf,
  rotateCalendarFeedToken,
} from '../scheduling/index.js';
import { AppError, type Clock, type Logger } from '../shared/index.js';
import { actorOf } from './admin-actor.js';
import { adminContextOf } from './admin-context.js';
import { toAgendaItemBody } from './agenda-body.js';
import { availabilityQuerySchema, createBlockBodySchema } from './agenda-request-schemas.js';
import { calendarFeedUrl } from './calendar-feed-route.js';
import { parseRequest } from './parse-request.js';
import { idParamsSchema } from './request-schemas.js';

/**
 * The catalogue staff book from (services, professionals with their feed URLs), the
 * availability the bot offers, and professionals' blocks and feed rotation. Mounted under `/admin`.
 */
export function createProfessionalRoutes(deps: { db: Db; logger: Logger; clock: Clock; config: { PUBLIC_URL: string } }): Router {
  const router = Router();
  const { db } = deps;

  router.get('/services', async (_request, response) => {
    const { tenantId } = adminContextOf(response);
    const services = await listServices(db, tenantId);
    response.json({ items: services.map(({ id, name, durationMinutes }) => ({ id, name, durationMinutes })) });
  });

  router.get('/professionals', async (_request, response) => {
    const { tenantId } = adminContextOf(response);
    const professionals = (await listProfessionals(db, tenantId)) ?? [];
    const tokens = await ensureCalendarFeedTokens(
      db,
      tenantId,
      professionals.map((professional) => professional.id),
    );
    response.json({
      items: professionals.map((professional) => {
        const token = tokens.get(professional.id);
        return {
          id: professional.id,
          name: professional.name,
          serviceIds: professional.services.map((service) => service.id),
          calendarUrl: token ? calendarFeedUrl(deps.config.PUBLIC_URL, token) : null,
        };
      }),
    });
  });

  router.post('/professionals/:id/calendar-feed/rotate', async (request, response) => {
    const { tenantId } = adminContextOf(response);
    const { id } = parseRequest(idParamsSchema, 'params', request.params);
    const token = await rotateCalendarFeedToken(db, { tenantId, professionalId: id, now: deps.clock.now() });
    if (!token) throw new AppError('not_found', 'professional not found', 404);
    deps.logger.info({ tenantId, professionalId: id }, 'calendar feed address rotated; the old one is revoked');
    response.json({ professionalId: id, calendarUrl: calendarFeedUrl(deps.config.PUBLIC_URL, token) });
  });

  router.get('/availability', async (request, response) => {
    const { tenantId } = adminContextOf(response);
    const query = parseRequest(availabilityQuerySchema, 'query', request.query);
    const availability = await findStaffAvailability(db, {
      tenantId,
      professionalId: query.professionalId,
      serviceId: query.serviceId ?? null,
      date: query.date,
      now: deps.clock.now(),
    });
    response.json(availability);
  });

  router.post('/professionals/:id/blocks', async (request, response) => {
    const context = adminContextOf(response);
    const { id } = parseRequest(idParamsSchema, 'params', request.params);
    const body = parseRequest(createBlockBodySchema, 'body', request.body);
    const block = await createProfessionalBlock(db, {
      tenantId: context.tenantId,
      professionalId: id,
      from: body.from,
      to: body.to,
      reason: body.reason ?? null,
      actor: actorOf(context),
      now: deps.clock.now(),
    });
    deps.logger.info(
      { tenantId: context.tenantId, professionalId: id, blockId: block.id, overlapping: block.overlapping.length },
      'block created',
    );
    response.status(201).json({
      id: block.id,
      professionalId: id,
      from: localDateTimeOf(block.startsAt.getTime(), context.timezone),
      to: localDateTimeOf(block.endsAt.getTime(), context.timezone),
      overlapping: block.overlapping.map((item) => toAgendaItemBody(item, context.timezone)),
    });
  });

  router.delete('/blocks/:id', async (request, response) => {
    const { tenantId } = adminContextOf(response);
    const { id } = parseRequest(idParamsSchema, 'params', request.params);
    if (!(await deleteProfessionalBlock(db, { tenantId, blockId: id }))) throw new AppError('not_found', 'block not found', 404);
    response.status(204).end();
  });

  return router;
}
