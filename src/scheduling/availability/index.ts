// Availability: when a professional can start a service, from one schedule read (hours, time off,
// blocks, appointments) and the tenant's booking window; refusals as values.
export { type AvailabilityRefusal, type Named, type Refused, refused } from './availability-refusal.js';
export { type BookingWindow, bookingWindow, CUSTOMER_WINDOW, slotsOnDate, type WindowRules } from './booking-window.js';
export { CLOSED_DAY_NAME, closedDaysBetween } from './closed-days.js';
export { overlapsBusy } from './compute-day-slots.js';
export { type DayAvailability, type FreeSlots, findFreeSlots } from './find-free-slots.js';
export { findNearestFreeSlots } from './find-nearest-free-slots.js';
export { findNextDateWithSlots } from './find-next-date-with-slots.js';
export { findVisitSlots, type VisitDay, type VisitSlots } from './find-visit-slots.js';
export { loadResourceCheck, type ResourceHolder } from './load-resource-check.js';
export { loadResourceUse } from './load-resource-use.js';
export { type BookableService, type BookingSettings, loadSchedule, type ProfessionalSchedule } from './load-schedule.js';
export { type LoadedVisit, loadVisitFacts, type VisitItemRequest } from './load-visit-facts.js';
export { type ProfessionalService, resolveProfessionalService } from './resolve-professional-service.js';
export {
  type PlannedItem,
  planVisitAt,
  type ResourceUse,
  type VisitCandidate,
  type VisitFacts,
  type VisitMisfit,
  visitStartsOn,
} from './visit-plan.js';
export { isWithinWorkingHours } from './working-hours.js';
