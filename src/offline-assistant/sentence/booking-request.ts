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
}

/** What of a request the next steps still have to apply. */
export const wishOf = (request: BookingRequest): Wish => ({
  ...(request.professional !== undefined ? { professional: request.professional } : {}),
  ...(request.day ? { day: request.day } : {}),
  ...(request.time ? { time: request.time } : {}),
});
