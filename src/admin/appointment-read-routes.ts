import { Router } from 'express';
import type { StaffReads } from '../http/index.js';
import { AGENDA_RANGE_MAX_DAYS, findAgendaAppointment, listAgendaRange, listDayAgenda } from '../scheduling/agenda/index.js';
import { listAppointmentHistory, type SchedulingDeps } from '../scheduling/appointments/index.js';
import { AppError, dayClock } from '../shared/index.js';
import { adminContextOf } from './admin-context.js';
import { toAgendaItemBody, toCompactListingBody, toHistoryEntryBody } from './agenda-body.js';
import { agendaQuerySchema } from './agenda-request-schemas.js';
import { parseRequest } from './parse-request.js';
import { idParamsSchema } from './request-schemas.js';
import { staffRefusalTexts } from './staff-refusal-texts.js';

const appointmentNotFound = () => new AppError('not_found', staffRefusalTexts.appointmentNotFound(), 404);

/**
 * The staff agenda's listings: a day's or a range's appointments (the console's agenda, as a
 * named read that may come from the replica) and one appointment with its history. The
 * changes are appointment-routes.ts'. Mounted under `/admin`.
 */
export function createAppointmentReadRoutes(deps: { scheduling: SchedulingDeps; reads: StaffReads }): Router {
  const router = Router();
  const { db } = deps.scheduling;
  const agendaQuery = agendaQuerySchema(AGENDA_RANGE_MAX_DAYS);

  router.get('/appointments', async (request, response) => {
    const { tenantId, timezone } = adminContextOf(response);
    const query = parseRequest(agendaQuery, 'query', request.query);
    const professionalId = query.professionalId ?? null;
    const range = query.date === undefined ? { from: query.from ?? '', to: query.to ?? '' } : null;
    // One statement: the items and the tenant's holidays (the closed days among the dates).
    // A named read: the listing may come from the replica, once it holds this caller's latest write.
    const { items, closedDays } = await deps.reads.run(request, response, ({ sql }) =>
      range
        ? listAgendaRange(sql, { tenantId, timezone, fromDate: range.from, toDate: range.to, professionalId })
        : listDayAgenda(sql, { tenantId, timezone, date: query.date ?? '', professionalId }),
    );
    // An empty day of an unknown (or another tenant's) professional is a 404, not an empty agenda.
    if (items.length === 0 && query.professionalId !== undefined) {
      const professional = await db.professional.findFirst({ where: { id: query.professionalId, tenantId }, select: { id: true } });
      if (!professional) throw new AppError('not_found', staffRefusalTexts.professionalNotFound(), 404);
    }
    // A holiday is a closed day: the listing names it (`closedDays`: [] when every date is open).
    const dates = range ? { from: range.from, to: range.to } : { date: query.date ?? '' };
    // A day's listing formats its times with that day's clock (no zone lookups); a range's cross days.
    const clock = range ? undefined : dayClock(query.date ?? '', timezone);
    if (query.compact) {
      response.json({ ...dates, timezone, closedDays, ...toCompactListingBody(items, timezone, clock) });
      return;
    }
    response.json({ ...dates, timezone, closedDays, items: items.map((item) => toAgendaItemBody(item, timezone, clock)) });
  });

  router.get('/appointments/:id', async (request, response) => {
    const { tenantId, timezone } = adminContextOf(response);
    const { id } = parseRequest(idParamsSchema, 'params', request.params);
    const item = await findAgendaAppointment(db, tenantId, id);
    if (!item) throw appointmentNotFound();
    const history = await listAppointmentHistory(db, tenantId, id);
    response.json({
      ...toAgendaItemBody(item, timezone),
      rescheduledFromId: item.rescheduledFromId,
      rescheduledToId: item.rescheduledToId,
      history: history.map((entry) => toHistoryEntryBody(entry, timezone)),
    });
  });

  return router;
}
