import { Router } from 'express';
import type { Db } from '../db/index.js';
import {
  bookAppointmentByStaff,
  cancelAppointmentByStaff,
  dayClock,
  findAgendaAppointment,
  listAppointmentHistory,
  listDayAgenda,
  recordAttendance,
  rescheduleAppointmentByStaff,
  type TransitionOutcome,
} from '../scheduling/index.js';
import { AppError, type Clock, type Logger } from '../shared/index.js';
import { actorOf } from './admin-actor.js';
import { adminContextOf } from './admin-context.js';
import { toAgendaItemBody, toHistoryEntryBody } from './agenda-body.js';
import {
  agendaQuerySchema,
  attendanceBodySchema,
  cancelBodySchema,
  createAppointmentBodySchema,
  rescheduleBodySchema,
} from './agenda-request-schemas.js';
import { idempotencyKeyOf } from './idempotency-key-header.js';
import { type CustomerNotice, notRequested, queueAppointmentChangeNotice } from './notify-appointment-change.js';
import { parseRequest } from './parse-request.js';
import { idParamsSchema } from './request-schemas.js';

const appointmentNotFound = () => new AppError('not_found', 'appointment not found', 404);

/**
 * The staff agenda: the day's appointments, one appointment with its history, staff
 * bookings, cancel, reschedule and attendance. Every change goes through the scheduling
 * domain the bot uses (same availability, same exclusion constraint); the customer's notice
 * of a cancel or reschedule is queued in the same transaction as the change. Mounted under `/admin`.
 */
export function createAppointmentRoutes(deps: { db: Db; logger: Logger; clock: Clock }): Router {
  const router = Router();
  const { db } = deps;

  const itemBody = async (tenantId: number, timezone: string, id: number) => {
    const item = await findAgendaAppointment(db, tenantId, id);
    if (!item) throw appointmentNotFound();
    return toAgendaItemBody(item, timezone);
  };

  router.get('/appointments', async (request, response) => {
    const { tenantId, timezone } = adminContextOf(response);
    const query = parseRequest(agendaQuerySchema, 'query', request.query);
    const items = await listDayAgenda(db, { tenantId, timezone, date: query.date, professionalId: query.professionalId ?? null });
    // An empty day of an unknown (or another tenant's) professional is a 404, not an empty agenda.
    if (items.length === 0 && query.professionalId !== undefined) {
      const professional = await db.professional.findFirst({ where: { id: query.professionalId, tenantId }, select: { id: true } });
      if (!professional) throw new AppError('not_found', 'professional not found', 404);
    }
    const clock = dayClock(query.date, timezone);
    response.json({ date: query.date, timezone, items: items.map((item) => toAgendaItemBody(item, timezone, clock)) });
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

  router.post('/appointments', async (request, response) => {
    const context = adminContextOf(response);
    const body = parseRequest(createAppointmentBodySchema, 'body', request.body);
    const outcome = await bookAppointmentByStaff(db, {
      tenantId: context.tenantId,
      professionalId: body.professionalId,
      serviceId: body.serviceId,
      start: body.start,
      customer: body.customer,
      outsideHours: body.outsideHours,
      idempotencyKey: idempotencyKeyOf(request, 'staff-booking', context.tenantId),
      actor: actorOf(context),
      now: deps.clock.now(),
    });
    if (!outcome.alreadyExisted) {
      deps.logger.info({ tenantId: context.tenantId, appointmentId: outcome.appointment.id }, 'staff booked an appointment');
    }
    response
      .status(outcome.alreadyExisted ? 200 : 201)
      .json({ ...(await itemBody(context.tenantId, context.timezone, outcome.appointment.id)), outsideHours: outcome.outsideHours });
  });

  router.post('/appointments/:id/cancel', async (request, response) => {
    const context = adminContextOf(response);
    const { id } = parseRequest(idParamsSchema, 'params', request.params);
    const body = parseRequest(cancelBodySchema, 'body', request.body ?? {});
    const key = idempotencyKeyOf(request, 'staff-cancel', context.tenantId);
    const outcome = await cancelAppointmentByStaff(db, {
      tenantId: context.tenantId,
      appointmentId: id,
      actor: actorOf(context),
      now: deps.clock.now(),
      afterChange: (tx, before) =>
        body.notifyCustomer
          ? queueAppointmentChangeNotice(tx, {
              tenantId: context.tenantId,
              appointment: before,
              change: { kind: 'cancelled' },
              idempotencyKey: key,
            })
          : Promise.resolve(notRequested()),
    });
    const notice = changedOrRefused(outcome, 'cancel');
    if (notice)
      deps.logger.info(
        { tenantId: context.tenantId, appointmentId: id, notified: notice.customerNotified },
        'staff cancelled an appointment',
      );
    response.json({
      appointment: await itemBody(context.tenantId, context.timezone, id),
      alreadyCancelled: notice === null,
      notification: notice ?? notRequested(),
    });
  });

  router.post('/appointments/:id/reschedule', async (request, response) => {
    const context = adminContextOf(response);
    const { id } = parseRequest(idParamsSchema, 'params', request.params);
    const body = parseRequest(rescheduleBodySchema, 'body', request.body);
    const key = idempotencyKeyOf(request, 'staff-reschedule', context.tenantId);
    const outcome = await rescheduleAppointmentByStaff(db, {
      tenantId: context.tenantId,
      appointmentId: id,
      start: body.start,
      outsideHours: body.outsideHours,
      idempotencyKey: key,
      actor: actorOf(context),
      now: deps.clock.now(),
      afterChange: (tx, change): Promise<CustomerNotice> =>
        body.notifyCustomer
          ? queueAppointmentChangeNotice(tx, {
              tenantId: context.tenantId,
              appointment: change.previous,
              change: { kind: 'rescheduled', startsAt: change.startsAt },
              idempotencyKey: key,
            })
          : Promise.resolve(notRequested()),
    });
    if (outcome.kind === 'unchanged') {
      response.json({
        appointment: await itemBody(context.tenantId, context.timezone, outcome.appointment.id),
        previous: null,
        unchanged: true,
        notification: notRequested(),
      });
      return;
    }
    deps.logger.info(
      {
        tenantId: context.tenantId,
        appointmentId: outcome.appointment.id,
        previousAppointmentId: id,
        notified: outcome.after.customerNotified,
      },
      'staff rescheduled an appointment',
    );
    response.json({
      appointment: await itemBody(context.tenantId, context.timezone, outcome.appointment.id),
      previous: await itemBody(context.tenantId, context.timezone, id),
      unchanged: false,
      notification: outcome.after,
    });
  });

  router.post('/appointments/:id/attendance', async (request, response) => {
    const context = adminContextOf(response);
    const { id } = parseRequest(idParamsSchema, 'params', request.params);
    const body = parseRequest(attendanceBodySchema, 'body', request.body);
    const outcome = await recordAttendance(db, {
      tenantId: context.tenantId,
      appointmentId: id,
      status: body.status,
      actor: actorOf(context),
      now: deps.clock.now(),
    });
    changedOrRefused(outcome, 'attendance');
    response.json({ appointment: await itemBody(context.tenantId, context.timezone, id), unchanged: outcome.kind === 'unchanged' });
  });

  return router;
}

/** The `afterChange` value of a change, null when nothing changed; refusals and unknown ids as AppErrors. */
function changedOrRefused<After>(outcome: TransitionOutcome<After>, action: 'cancel' | 'attendance'): After | null {
  switch (outcome.kind) {
    case 'changed':
      return outcome.after;
    case 'unchanged':
      return null;
    case 'not_found':
      throw appointmentNotFound();
    case 'refused':
      switch (outcome.reason) {
        case 'cancelled':
          throw new AppError('appointment_cancelled', `appointment ${outcome.appointment.id} is cancelled`, 409);
        case 'not_started':
          throw new AppError('not_started', 'attendance can only be recorded once the appointment has started', 422);
        default:
          throw new AppError(
            'appointment_started',
            action === 'cancel'
              ? `appointment ${outcome.appointment.id} has already started; record attendance instead`
              : `appointment ${outcome.appointment.id} cannot change now`,
            422,
          );
      }
  }
}
