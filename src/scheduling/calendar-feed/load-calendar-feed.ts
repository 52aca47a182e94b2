import type { Db } from '../../db/index.js';
import { toAppointmentStatus } from '../appointments/index.js';
import type { FeedAppointment, FeedBlock } from './build-calendar-feed.js';

/** How far back and ahead a feed reaches, and its size bound. */
const PAST_DAYS = 30;
const AHEAD_DAYS = 370;
const FEED_LIMIT = 5000;

/**
 * A professional's appointments (every status: cancelled ones tell calendar apps to drop
 * the event) and blocks from 30 days ago to a year ahead, by start.
 */
export async function loadCalendarFeed(
  db: Db,
  query: { tenantId: number; professionalId: number; now: Date },
): Promise<{ appointments: FeedAppointment[]; blocks: FeedBlock[] }> {
  const from = new Date(query.now.getTime() - PAST_DAYS * 86_400_000);
  const to = new Date(query.now.getTime() + AHEAD_DAYS * 86_400_000);
  const appointments = await db.appointment.findMany({
    where: { tenantId: query.tenantId, professionalId: query.professionalId, startsAt: { gte: from, lt: to } },
    orderBy: [{ startsAt: 'asc' }, { id: 'asc' }],
    take: FEED_LIMIT,
    select: {
      id: true,
      startsAt: true,
      endsAt: true,
      status: true,
      revision: true,
      updatedAt: true,
      createdAt: true,
      service: { select: { name: true } },
      customer: { select: { name: true } },
    },
  });
  const blocks = await db.professionalBlock.findMany({
    where: { tenantId: query.tenantId, professionalId: query.professionalId, endsAt: { gt: from }, startsAt: { lt: to } },
    orderBy: { startsAt: 'asc' },
    take: FEED_LIMIT,
    select: { id: true, startsAt: true, endsAt: true, reason: true, createdAt: true },
  });
  return {
    appointments: appointments.map((row) => ({
      id: row.id,
      startsAt: row.startsAt,
      endsAt: row.endsAt,
      status: toAppointmentStatus(row.status),
      revision: row.revision,
      updatedAt: row.updatedAt,
      createdAt: row.createdAt,
      serviceName: row.service.name,
      customerName: row.customer.name,
    })),
    blocks,
  };
}
