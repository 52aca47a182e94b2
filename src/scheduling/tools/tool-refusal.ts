import { ToolDomainException, weekdayName } from '../../shared/index.js';
import type { AppointmentRefusal } from '../appointments/index.js';
import { modelRefusalTexts as texts } from './model-refusal-texts.js';

/**
 * A domain refusal as the tools report it: a `ToolDomainException` whose pt-BR message tells
 * the model the fact and the next step, and whose code the offline assistant words for the
 * customer. Codes are the tools' own (stable): every conflict or rule that leaves the start
 * unbookable is `slot_not_free`, except a booking made moments ago (`slot_just_taken`).
 */
export function toolRefusal(refusal: AppointmentRefusal): ToolDomainException {
  const [message, code] = wordingOf(refusal);
  return new ToolDomainException(message, code);
}

function wordingOf(refusal: AppointmentRefusal): [message: string, code: string] {
  switch (refusal.kind) {
    case 'invalid_date':
      return [texts.invalidDate(refusal.date), 'invalid_date'];
    case 'invalid_start':
    case 'time_skipped':
      return [texts.invalidStart(refusal.start), 'invalid_start'];
    case 'professional_not_found':
      return [texts.professionalNotFound(refusal.professionalId), 'professional_not_found'];
    case 'service_not_found':
      return [texts.serviceNotFound(refusal.serviceId), 'service_not_found'];
    case 'service_not_offered':
      return [texts.serviceNotOffered(refusal.professional.name, refusal.service.name, refusal.offeredBy), 'service_not_offered'];
    case 'no_services_offered':
      return [texts.noServicesOffered(refusal.professional.name), 'no_services_offered'];
    case 'date_past':
      return [texts.datePast(refusal.date, refusal.today), 'date_past'];
    case 'start_past':
      return [texts.startPast(refusal.start, refusal.now), 'start_past'];
    case 'beyond_horizon':
      return [texts.beyondHorizon(refusal.date, refusal.lastDate, refusal.horizonDays), 'beyond_horizon'];
    case 'no_working_hours': {
      const next = refusal.nextDate ? { date: refusal.nextDate, weekday: weekdayName(refusal.nextDate) } : null;
      return [
        texts.noWorkingHours(refusal.professional.name, refusal.date, weekdayName(refusal.date), next, refusal.lastDate),
        'no_working_hours',
      ];
    }
    case 'holiday': {
      const next = refusal.nextDate ? { date: refusal.nextDate, weekday: weekdayName(refusal.nextDate) } : null;
      return [texts.holiday(refusal.date, refusal.name, next), 'holiday'];
    }
    case 'notice':
      return [texts.minimumNotice(refusal.start, refusal.minutes, refusal.alternatives), 'minimum_notice'];
    case 'slot_taken':
      if (refusal.justNow) return [texts.slotJustTaken(refusal.start, refusal.professional.name, refusal.alternatives), 'slot_just_taken'];
      return [texts.slotNotFree(refusal.start, refusal.professional.name, refusal.alternatives), 'slot_not_free'];
    case 'visit_not_fit':
      return [
        texts.visitNotFit(refusal.start, refusal.reason, refusal.alternatives),
        refusal.reason === 'resource_taken' ? 'resource_taken' : 'visit_not_fit',
      ];
    case 'resource_taken':
      return [texts.resourceTaken(refusal.start, refusal.alternatives), 'resource_taken'];
    case 'outside_working_hours':
    case 'not_offered':
    case 'time_off':
      return [texts.slotNotFree(refusal.start, refusal.professional.name, refusal.alternatives), 'slot_not_free'];
    case 'appointment_not_found':
      return [texts.appointmentNotFound(refusal.appointmentId), 'appointment_not_found'];
    case 'appointment_cancelled':
      return [texts.rescheduleCancelled(refusal.appointmentId), 'appointment_cancelled'];
    case 'appointment_started':
      return [texts.appointmentPast(refusal.appointmentId, refusal.start), 'appointment_past'];
    case 'cancel_notice':
      return [texts.cancelNotice(refusal.appointmentId, refusal.start, refusal.minutes), 'cancel_notice'];
    case 'not_started':
      return [texts.notStarted(refusal.appointmentId, refusal.start), 'not_started'];
  }
}
