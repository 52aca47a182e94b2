import type { BlockRefusal } from '../scheduling/agenda/index.js';
import type { AppointmentRefusal } from '../scheduling/appointments/index.js';
import { AppError } from '../shared/index.js';
import { staffRefusalTexts as texts } from './staff-refusal-texts.js';

/**
 * A scheduling refusal as the admin API answers it: 404 `not_found` for unknown ids (another
 * tenant's alike), 409 for a conflict with existing data (`slot_taken`, `time_off`,
 * `appointment_cancelled`), 422 for a rule (`outside_working_hours`, `not_started`, `notice`,
 * …), each with a pt-BR message written for staff.
 */
export function refusalError(refusal: AppointmentRefusal | BlockRefusal): AppError {
  const [status, code, message] = answerOf(refusal);
  return new AppError(code, message, status);
}

type Answer = [status: 400 | 404 | 409 | 422, code: string, message: string];

function answerOf(refusal: AppointmentRefusal | BlockRefusal): Answer {
  switch (refusal.kind) {
    case 'invalid_date':
      return [400, 'invalid_request', texts.invalidDate(refusal.date)];
    case 'invalid_start':
      return [422, 'invalid_start', texts.invalidStart(refusal.start)];
    case 'time_skipped':
      return [422, 'invalid_start', texts.timeSkipped(refusal.start, refusal.timezone)];
    case 'professional_not_found':
      return [404, 'not_found', texts.professionalNotFound()];
    case 'service_not_found':
      return [404, 'not_found', texts.serviceNotFound()];
    case 'service_not_offered':
      return [422, 'service_not_offered', texts.serviceNotOffered(refusal.professional, refusal.service, refusal.offeredBy)];
    case 'no_services_offered':
      return [422, 'no_services_offered', texts.noServicesOffered(refusal.professional)];
    case 'date_past':
      return [422, 'date_past', texts.datePast(refusal.date)];
    case 'start_past':
      return [422, 'start_past', texts.startPast(refusal.start, refusal.now)];
    case 'beyond_horizon':
      return [422, 'beyond_horizon', texts.beyondHorizon(refusal.lastDate, refusal.horizonDays)];
    case 'no_working_hours':
      return [422, 'no_working_hours', texts.noWorkingHours(refusal.professional, refusal.date, refusal.nextDate)];
    case 'holiday':
      return [422, 'holiday', texts.holiday(refusal.date, refusal.name, refusal.nextDate)];
    case 'notice':
      return [422, 'notice', texts.notice(refusal.start, refusal.minutes, refusal.alternatives)];
    case 'outside_working_hours':
      return [422, 'outside_working_hours', texts.outsideWorkingHours(refusal.start, refusal.professional, refusal.service)];
    case 'not_offered':
      return [422, 'not_offered', texts.notOffered(refusal.start, refusal.professional, refusal.alternatives)];
    case 'slot_taken':
      return [409, 'slot_taken', texts.slotTaken(refusal.start, refusal.professional, refusal.justNow, refusal.alternatives)];
    case 'visit_not_fit':
      return refusal.reason === 'resource_taken'
        ? [409, 'resource_taken', texts.visitNotFit(refusal.start, refusal.reason, refusal.alternatives)]
        : refusal.reason === 'busy'
          ? [409, 'slot_taken', texts.visitNotFit(refusal.start, refusal.reason, refusal.alternatives)]
          : [422, 'outside_working_hours', texts.visitNotFit(refusal.start, refusal.reason, refusal.alternatives)];
    case 'resource_taken':
      return [409, 'resource_taken', texts.visitNotFit(refusal.start, 'resource_taken', refusal.alternatives)];
    case 'time_off':
      return [409, 'time_off', texts.timeOff(refusal.start, refusal.professional, refusal.alternatives)];
    case 'appointment_not_found':
      return [404, 'not_found', texts.appointmentNotFound()];
    case 'appointment_cancelled':
      return [409, 'appointment_cancelled', texts.appointmentCancelled(refusal.appointmentId)];
    case 'appointment_started':
      return [422, 'appointment_started', texts.appointmentStarted(refusal.appointmentId, refusal.start)];
    case 'cancel_notice':
      return [422, 'notice', texts.cancelNotice(refusal.appointmentId, refusal.start, refusal.minutes)];
    case 'not_started':
      return [422, 'not_started', texts.notStarted(refusal.appointmentId, refusal.start)];
    case 'block_time_invalid':
      return [422, 'invalid_block', texts.blockTimeInvalid(refusal.field, refusal.value)];
    case 'block_time_skipped':
      return [422, 'invalid_block', texts.blockTimeSkipped(refusal.field, refusal.value, refusal.timezone)];
    case 'block_ends_before_start':
      return [422, 'invalid_block', texts.blockEndsBeforeStart(refusal.from, refusal.to)];
    case 'block_past':
      return [422, 'block_past', texts.blockPast(refusal.to)];
  }
}
