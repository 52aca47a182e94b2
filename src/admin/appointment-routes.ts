import { Router } from 'express';
import { settleDepositByStaff } from '../deposits/index.js';
import { findAgendaAppointment } from '../scheduling/agenda/index.js';
import {
  bookAppointment,
  bookVisit,
  cancelAppointment,
  findAppointment,
  findVisitAppointments,
  isUpcomingStatus,
  recordAttendance,
  rescheduleAppointment,
  type SchedulingDeps,
  staffPolicy,
  type TransitionOutcome,
} from '../scheduling/appointments/index.js';
import { AppError, type Clock, type Logger, localDateTimeOf } from '../shared/index.js';
import { actorOf } from './admin-actor.js';
import { adminContextOf } from './admin-context.js';
import { toAgendaItemBody } from './agenda-body.js';
import { attendanceBodySchema, cancelBodySchema, createAppointmentBodySchema, rescheduleBodySchema } from './agenda-request-schemas.js';
import { depositBodySchema } from './deposit-body-schema.js';
import { idempotencyKeyOf } from './idempotency-key-header.js';
import { type CustomerNotice, notRequested, queueAppointmentChangeNotice } from './notify-appointment-change.js';
import { parseRequest } from './parse-request.js';
import { refusalError } from './refusal-error.js';
import { idParamsSchema } from './request-schemas.js';
import { staffRefusalTexts } from './staff-refusal-texts.js';

const appointmentNotFound = () => new AppError('not_found', staffRefusalTexts.appointmentNotFound(), 404);

/**
 * The staff agenda's changes: staff bookings, cancel, reschedule, attendance and a deposit
 * settled by hand (the listings are appointment-read-routes.ts'). Every change goes through the scheduling
 * domain's one path the bot uses, under staff's policy (same availability, same exclusion
 * constraint, same subscribers); its refusals answer as HTTP errors with pt-BR messages
 * (refusalError). The customer's notice of a cancel or reschedule is queued in the same
 * transaction as the change. Mounted under `/admin`.
 */
export function createAppointmentRoutes(deps: { scheduling: SchedulingDeps; logger: Logger; clock: Clock }): Router {
  const router = Router();
  const { db } = deps.scheduling;

  /** The upcoming rows of the visit an appointment belongs to, in order; null for a single service (or a visit of one left). */
  const upcomingVisitOf = async (tenantId: number, appointmentId: number) => {
    const appointment = await findAppointment(db, { tenantId, appointmentId });
    if (appointment?.visitId == null) return null;
    const rows = (await findVisitAppointments(db, { tenantId, visitId: appointment.visitId })).filter((row) =>
      isUpcomingStatus(row.status),
    );
    return rows.length > 1 ? rows : null;
  };

  const itemBody = async (tenantId: number, timezone: string, id: number) => {
    const item = await findAgendaAppointment(db, tenantId, id);
    if (!item) throw appointmentNotFound();
    return toAgendaItemBody(item, timezone);
  };

  router.post('/appointments', async (request, response) => {
    const context = adminContextOf(response);
    const body = parseRequest(createAppointmentBodySchema, 'body', request.body);
    if (body.items) {
      // A visit: every service one after the other from `start`, all or nothing.
      const visit = await bookVisit(deps.scheduling, {
        tenantId: context.tenantId,
        customer: body.customer,
        items: body.items,
        start: body.start,
        idempotencyKey: idempotencyKeyOf(request, 'staff-booking', context.tenantId),
        now: deps.clock.now(),
        policy: staffPolicy(actorOf(context), { outsideHours: body.outsideHours }),
      });
      if (visit.kind === 'refused') throw refusalError(visit.refusal);
      const items = [];
      for (const appointment of visit.appointments) items.push(await itemBody(context.tenantId, context.timezone, appointment.id));
      response.status(visit.alreadyExisted ? 200 : 201).json({ visitId: visit.visitId, items });
      return;
    }
    const outcome = await bookAppointment(deps.scheduling, {
      tenantId: context.tenantId,
      customer: body.customer,
      professionalId: body.professionalId ?? 0,
      serviceId: body.serviceId ?? 0,
      start: body.start,
      idempotencyKey: idempotencyKeyOf(request, 'staff-booking', context.tenantId),
      now: deps.clock.now(),
      policy: staffPolicy(actorOf(context), { outsideHours: body.outsideHours, deposit: body.deposit }),
    });
    if (outcome.kind === 'refused') throw refusalError(outcome.refusal);
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
    // A visit is cancelled whole: its notice names every service still on (read before the change).
    const visit = body.notifyCustomer ? await upcomingVisitOf(context.tenantId, id) : null;
    const outcome = await cancelAppointment(deps.scheduling, {
      tenantId: context.tenantId,
      appointmentId: id,
      now: deps.clock.now(),
      policy: staffPolicy(actorOf(context), { outsideHours: false }),
      reason: body.reason || undefined,
      afterChange: (tx, before) =>
        body.notifyCustomer
          ? queueAppointmentChangeNotice(tx, {
              tenantId: context.tenantId,
              appointment: before,
              change: { kind: 'cancelled', ...(visit ? { visit: { previous: visit } } : {}) },
              idempotencyKey: key,
            })
          : Promise.resolve(notRequested()),
    });
    const notice = changedAfter(outcome);
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
    // A move to another professional tells the customer the new one's name (an unknown id is refused by the move itself).
    const newProfessional =
      body.professionalId === undefined
        ? null
        : await db.professional.findFirst({ where: { id: body.professionalId, tenantId: context.tenantId }, select: { name: true } });
    const outcome = await rescheduleAppointment(deps.scheduling, {
      tenantId: context.tenantId,
      appointmentId: id,
      start: body.start,
      professionalId: body.professionalId,
      idempotencyKey: key,
      now: deps.clock.now(),
      policy: staffPolicy(actorOf(context), { outsideHours: body.outsideHours }),
      afterChange: (tx, change): Promise<CustomerNotice> =>
        body.notifyCustomer
          ? queueAppointmentChangeNotice(tx, {
              tenantId: context.tenantId,
              appointment: change.previous,
              change: {
                kind: 'rescheduled',
                startsAt: change.startsAt,
                ...(change.visit ? { visit: change.visit } : {}),
                ...(newProfessional ? { professional: newProfessional.name } : {}),
              },
              idempotencyKey: key,
            })
          : Promise.resolve(notRequested()),
    });
    if (outcome.kind === 'refused') throw refusalError(outcome.refusal);
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
        notified: outcome.after.customerNotified,
      },
      'staff rescheduled an appointment',
    );
    // A row of a visit moved the whole visit: its rows at their new times, in order.
    const visit = outcome.visit
      ? {
          visitId: outcome.visit.visitId,
          items: await Promise.all(outcome.visit.appointments.map((row) => itemBody(context.tenantId, context.timezone, row.id))),
        }
      : null;
    const appointment = await itemBody(context.tenantId, context.timezone, outcome.appointment.id);
    response.json({
      appointment,
      // The same appointment (same id) as it was before the move.
      previous: {
        ...appointment,
        start: localDateTimeOf(outcome.previous.startsAt.getTime(), context.timezone),
        end: localDateTimeOf(outcome.previous.endsAt.getTime(), context.timezone),
        professional: outcome.previous.professional,
        status: outcome.previous.status,
      },
      unchanged: false,
      notification: outcome.after,
      ...(visit ? { visit } : {}),
    });
  });

  router.post('/appointments/:id/attendance', async (request, response) => {
    const context = adminContextOf(response);
    const { id } = parseRequest(idParamsSchema, 'params', request.params);
    const body = parseRequest(attendanceBodySchema, 'body', request.body);
    const outcome = await recordAttendance(deps.scheduling, {
      tenantId: context.tenantId,
      appointmentId: id,
      status: body.status,
      actor: actorOf(context),
      now: deps.clock.now(),
    });
    changedAfter(outcome);
    response.json({ appointment: await itemBody(context.tenantId, context.timezone, id), unchanged: outcome.kind === 'unchanged' });
  });

  // Staff settle a pending deposit by hand: cash received ("paid") or no deposit after all ("waive").
  router.post('/appointments/:id/deposit', async (request, response) => {
    const context = adminContextOf(response);
    const { id } = parseRequest(idParamsSchema, 'params', request.params);
    const body = parseRequest(depositBodySchema, 'body', request.body);
    const outcome = await settleDepositByStaff(deps.scheduling, {
      tenantId: context.tenantId,
      appointmentId: id,
      action: body.action,
      actor: actorOf(context),
      now: deps.clock.now(),
    });
    if (outcome.kind === 'appointment_not_found') throw appointmentNotFound();
    if (outcome.kind === 'no_deposit') throw new AppError('no_deposit', 'Este agendamento não tem sinal.', 409);
    if (outcome.kind === 'not_pending') throw new AppError('deposit_not_pending', 'O sinal deste agendamento não está mais pendente.', 409);
    response.json({ appointment: await itemBody(context.tenantId, context.timezone, id) });
  });

  return router;
}

/** The `afterChange` value of a change, null when nothing changed; a refusal (an unknown id too) as its HTTP error. */
function changedAfter<After>(outcome: TransitionOutcome<After>): After | null {
  if (outcome.kind === 'refused') throw refusalError(outcome.refusal);
  return outcome.kind === 'changed' ? outcome.after : null;
}
