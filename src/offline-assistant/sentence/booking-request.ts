import type { DaySpec, ProfessionalWish, TimeSpec } from '../understanding/index.js';
import type { Wish } from '../wish.js';

/**
 * A booking (or a reschedule) as far as the customer has said it, in the tenant's ids.
 * Undefined = not said yet; the `…Options` fields hold an ambiguity to ask about.
 */
export interface BookingRequest {
  mode: 'book' | 'reschedule';
  appointmentId?: number;
  serviceId?: number;
  serviceOptions?: number[];
  professional?: ProfessionalWish;
  professionalOptions?: number[];
  /** A name after "com" that is nobody's here ("com a Fernanda"). */
  professionalUnknown?: string;
  day?: DaySpec;
  time?: TimeSpec;
  /** A visit: the services booked right after `serviceId` (or after the one picked from `serviceOptions`), same day. */
  also?: number[];
}

/** What of a request the next steps still have to apply. */
export const wishOf = (request: BookingRequest): Wish => ({
  ...(request.professional !== undefined ? { professional: request.professional } : {}),
  ...(request.day ? { day: request.day } : {}),
  ...(request.time ? { time: request.time } : {}),
  ...(request.also?.length ? { also: request.also } : {}),
});
