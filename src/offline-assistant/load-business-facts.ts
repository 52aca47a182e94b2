import type { Db } from '../db/index.js';
import { clockTimeOf } from '../shared/index.js';
import type { BusinessFacts, OpeningDay } from './turn.js';

/**
 * The business facts of a tenant row, with its opening hours read only when a customer asks:
 * per weekday, from the earliest start to the latest end of any active professional's hours.
 */
export function businessFactsOf(
  db: Db,
  tenant: { id: number; address: string; paymentMethods: string; businessInfo: string; cancelNoticeMinutes: number },
): BusinessFacts {
  let hours: Promise<OpeningDay[]> | null = null;
  return {
    address: tenant.address,
    paymentMethods: tenant.paymentMethods,
    businessInfo: tenant.businessInfo,
    cancelNoticeMinutes: tenant.cancelNoticeMinutes,
    openingHours: () => {
      hours ??= loadOpeningHours(db, tenant.id);
      return hours;
    },
  };
}

async function loadOpeningHours(db: Db, tenantId: number): Promise<OpeningDay[]> {
  const rows = await db.workingHours.findMany({
    where: { tenantId, professional: { active: true } },
    select: { weekday: true, startMinute: true, endMinute: true },
  });
  const byDay = new Map<number, { from: number; to: number }>();
  for (const row of rows) {
    const day = byDay.get(row.weekday);
    byDay.set(row.weekday, {
      from: Math.min(day?.from ?? row.startMinute, row.startMinute),
      to: Math.max(day?.to ?? row.endMinute, row.endMinute),
    });
  }
  return [...byDay.entries()]
    .sort(([a], [b]) => a - b)
    .map(([weekday, { from, to }]) => ({ weekday, from: clockTimeOf(from), to: clockTimeOf(to) }));
}
