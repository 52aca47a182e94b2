import { ICalCalendar, ICalEventStatus } from 'ical-generator';
import type { AppointmentStatus } from '../appointments/index.js';

export interface FeedAppointment {
  id: number;
  startsAt: Date;
  endsAt: Date;
  status: AppointmentStatus;
  revision: number;
  updatedAt: Date;
  createdAt: Date;
  serviceName: string;
  customerName: string | null;
}

export interface FeedBlock {
  id: number;
  startsAt: Date;
  endsAt: Date;
  reason: string | null;
  createdAt: Date;
}

const STATUS_TEXT: Record<AppointmentStatus, string> = {
  booked: 'agendado',
  confirmed: 'confirmado',
  cancelled: 'cancelado',
  attended: 'compareceu',
  no_show: 'faltou',
  pending_payment: 'aguardando sinal',
  expired: 'sinal não pago',
};

/**
 * One professional's calendar as iCalendar text (RFC 5545, written by ical-generator). UIDs
 * are stable (`appointment-<id>@<host>`), so a calendar app updates an event instead of adding
 * one; a cancelled appointment stays with STATUS:CANCELLED and a higher SEQUENCE (its
 * revision). Times are UTC instants (RFC 5545 form #2, unambiguous across DST); the
 * tenant's zone is named in X-WR-TIMEZONE for apps that show the calendar in it. Customer
 * names appear, phone numbers never. Pure.
 */
export function buildCalendarFeed(feed: {
  host: string;
  tenantName: string;
  timezone: string;
  professionalName: string;
  appointments: FeedAppointment[];
  blocks: FeedBlock[];
}): string {
  const calendar = new ICalCalendar({
    name: `${feed.professionalName} · ${feed.tenantName}`,
    prodId: { company: 'wa-agenda', product: 'agenda', language: 'PT-BR' },
    ttl: 15 * 60,
  });
  calendar.x('X-WR-TIMEZONE', feed.timezone);
  for (const appointment of feed.appointments) {
    const customer = appointment.customerName?.trim() || 'Cliente';
    calendar.createEvent({
      id: `appointment-${appointment.id}@${feed.host}`,
      sequence: appointment.revision,
      start: appointment.startsAt,
      end: appointment.endsAt,
      stamp: appointment.updatedAt,
      created: appointment.createdAt,
      lastModified: appointment.updatedAt,
      summary: `${appointment.serviceName} · ${customer}`,
      description: `Status: ${STATUS_TEXT[appointment.status]}`,
      status:
        appointment.status === 'cancelled' || appointment.status === 'expired' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  }
  for (const block of feed.blocks) {
    calendar.createEvent({
      id: `block-${block.id}@${feed.host}`,
      start: block.startsAt,
      end: block.endsAt,
      stamp: block.createdAt,
      summary: block.reason ? `Bloqueio: ${block.reason}` : 'Bloqueio',
      status: ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}
