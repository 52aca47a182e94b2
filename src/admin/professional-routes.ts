import { Router } from 'express';
import type { Professional, Sent, Service } from '../contract/index.js';
import type { Db } from '../db/index.js';
import { createProfessionalBlock, deleteProfessionalBlock } from '../scheduling/agenda/index.js';
import type { SchedulingDeps } from '../scheduling/appointments/index.js';
import { findFreeSlots } from '../scheduling/availability/index.js';
import { createMissingCalendarFeeds, rotateCalendarFeedToken } from '../scheduling/calendar-feed/index.js';
import { type CatalogVariant, listProfessionals, listServices } from '../scheduling/catalog/index.js';
import { AppError, type Clock, dayClock, type Logger, localDateTimeOf, priceLabel } from '../shared/index.js';
import { actorOf } from './admin-actor.js';
import { adminContextOf } from './admin-context.js';
import { toAgendaItemBody } from './agenda-body.js';
import { availabilityQuerySchema, createBlockBodySchema } from './agenda-request-schemas.js';
import { calendarFeedUrl } from './calendar-feed-route.js';
import { assertOwner, isOwner } from './owner-only.js';
import { parseRequest } from './parse-request.js';
import { refusalError } from './refusal-error.js';
import { idParamsSchema } from './request-schemas.js';
import { staffRefusalTexts } from './staff-refusal-texts.js';

/** Refusals of availability that mean "nothing to offer on that day", not a bad request: an empty list with its reason. */
const EMPTY_DAY_REASONS = new Set(['date_past', 'beyond_horizon', 'no_working_hours', 'holiday']);

/**
 * The catalogue staff book from (services, professionals; feed URLs for owners only), the
 * availability the bot offers, professionals' blocks, and feed rotation (owners only; an
 * attendant gets 403). Mounted under `/admin`.
 */
export function createProfessionalRoutes(deps: {
  db: Db;
  logger: Logger;
  clock: Clock;
  config: { PUBLIC_URL: string };
  /** a removed block tells the scheduling domain's subscribers (the waitlist) */
  scheduling: Pick<SchedulingDeps, 'db' | 'onBlockRemoved'>;
}): Router {
  const router = Router();
  const { db } = deps;

  router.get('/services', async (_request, response) => {
    const { tenantId } = adminContextOf(response);
    const services = await listServices(db, tenantId);
    response.json({
      items: services.flatMap((service) => [
        toServiceItem(service, null),
        ...service.variants.map((variant) => toServiceItem(variant, service.id)),
      ]),
    });
  });

  // `calendarUrl` is an owner's only: feed tokens are stored hashed, so a URL exists in plain
  // only in the answer that created it. An owner's listing creates the feeds still missing and
  // shows those URLs this once (null for feeds that exist: rotate to get a new address); an
  // attendant's always shows null and creates nothing.
  router.get('/professionals', async (_request, response) => {
    const context = adminContextOf(response);
    const { tenantId } = context;
    const professionals = (await listProfessionals(db, tenantId)) ?? [];
    const tokens = isOwner(context)
      ? await createMissingCalendarFeeds(
          db,
          tenantId,
          professionals.map((professional) => professional.id),
        )
      : new Map<number, string>();
    response.json({
      items: professionals.map((professional): Sent<Professional> & { calendarUrl: string | null } => {
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
    const context = adminContextOf(response);
    assertOwner(context, 'ver ou trocar o endereço da agenda de um profissional');
    const { tenantId } = context;
    const { id } = parseRequest(idParamsSchema, 'params', request.params);
    const token = await rotateCalendarFeedToken(db, { tenantId, professionalId: id, now: deps.clock.now() });
    if (!token) throw new AppError('not_found', staffRefusalTexts.professionalNotFound(), 404);
    deps.logger.info({ tenantId, professionalId: id }, 'calendar feed address rotated; the old one is revoked');
    response.json({ professionalId: id, calendarUrl: calendarFeedUrl(deps.config.PUBLIC_URL, token) });
  });

  router.get('/availability', async (request, response) => {
    const { tenantId } = adminContextOf(response);
    const query = parseRequest(availabilityQuerySchema, 'query', request.query);
    // Exactly the starts buscar_horarios offers (the same findFreeSlots at the same "now").
    const found = await findFreeSlots(db, {
      tenantId,
      professionalId: query.professionalId,
      serviceId: query.serviceId ?? null,
      date: query.date,
      now: deps.clock.now(),
    });
    if (found.kind === 'refused') {
      if (!EMPTY_DAY_REASONS.has(found.refusal.kind)) throw refusalError(found.refusal);
      response.json({ slots: [], reason: found.refusal.kind });
      return;
    }
    const clock = dayClock(found.day.date, found.day.settings.timezone);
    response.json({ slots: found.day.slots.map((slot) => clock.timeOf(slot)) });
  });

  router.post('/professionals/:id/blocks', async (request, response) => {
    const context = adminContextOf(response);
    const { id } = parseRequest(idParamsSchema, 'params', request.params);
    const body = parseRequest(createBlockBodySchema, 'body', request.body);
    const created = await createProfessionalBlock(db, {
      tenantId: context.tenantId,
      professionalId: id,
      from: body.from,
      to: body.to,
      reason: body.reason ?? null,
      actor: actorOf(context),
      now: deps.clock.now(),
    });
    if (created.kind === 'refused') throw refusalError(created.refusal);
    const { block } = created;
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
    if (!(await deleteProfessionalBlock(deps.scheduling, { tenantId, blockId: id, now: deps.clock.now() })))
      throw new AppError('not_found', 'Bloqueio não encontrado.', 404);
    response.status(204).end();
  });

  return router;
}

/**
 * A service or variant as staff list it (variants right after their parent, with `parentId`):
 * its price in cents and as the customer reads it (`price`: "R$ 60,00", "a partir de R$ 80,00", null without one).
 */
function toServiceItem(service: CatalogVariant, parentId: number | null): Sent<Service> {
  const { id, name, durationMinutes, priceCents, priceFrom, bufferAfterMinutes } = service;
  return { id, name, durationMinutes, priceCents, priceFrom, price: priceLabel(service), bufferAfterMinutes, parentId };
}
