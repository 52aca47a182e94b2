import type { Tx } from '../db/index.js';
import { localDateTimeToUtc, minutesOfDay } from '../shared/index.js';
import { serviceKeyOf } from './catalogue-schema.js';
import type { TenantFile } from './tenant-file-schema.js';
import { WEEKDAY_KEYS } from './weekday-keys.js';

type ProfessionalEntry = TenantFile['professionals'][number];

/**
 * Makes a professional's offered services (with their price and duration overrides), weekly hours and time off equal to the file's,
 * touching only rows that differ: rows already right keep their ids, so importing the same
 * file twice writes nothing. Time off is converted from the tenant's local time to UTC.
 * Every row is written and read with the professional's tenant (the foreign keys include it).
 */
export async function syncProfessionalSchedule(
  tx: Tx,
  owner: { tenantId: number; professionalId: number },
  entry: ProfessionalEntry,
  serviceIdByKey: ReadonlyMap<string, number>,
  timeZone: string,
): Promise<void> {
  const { tenantId, professionalId } = owner;
  const where = { tenantId, professionalId };
  const wantedLinks = new Map(
    entry.services.map((service) => {
      const overrides: { priceCents?: number; durationMinutes?: number } = typeof service === 'string' ? {} : service;
      const link = { priceCents: overrides.priceCents ?? null, durationMinutes: overrides.durationMinutes ?? null };
      return [serviceIdByKey.get(serviceKeyOf(service))!, link] as const;
    }),
  );
  const links = await tx.professionalService.findMany({ where, select: { serviceId: true, priceCents: true, durationMinutes: true } });
  const linked = new Map(links.map((link) => [link.serviceId, link]));
  const unlink = [...linked.keys()].filter((id) => !wantedLinks.has(id));
  if (unlink.length > 0) await tx.professionalService.deleteMany({ where: { ...where, serviceId: { in: unlink } } });
  for (const [serviceId, wanted] of wantedLinks) {
    const existing = linked.get(serviceId);
    if (!existing) await tx.professionalService.create({ data: { ...owner, serviceId, ...wanted } });
    else if (existing.priceCents !== wanted.priceCents || existing.durationMinutes !== wanted.durationMinutes) {
      await tx.professionalService.update({ where: { professionalId_serviceId: { professionalId, serviceId } }, data: wanted });
    }
  }

  const wantedHours = WEEKDAY_KEYS.flatMap((day, weekday) =>
    (entry.hours[day] ?? []).map(([start, end]) => ({ weekday, startMinute: minutesOfDay(start), endMinute: minutesOfDay(end) })),
  );
  const hours = await tx.workingHours.findMany({ where, orderBy: { id: 'asc' } });
  const hoursDiff = diffRows(hours, wantedHours, (row) => `${row.weekday}/${row.startMinute}/${row.endMinute}`);
  if (hoursDiff.staleIds.length > 0) await tx.workingHours.deleteMany({ where: { ...where, id: { in: hoursDiff.staleIds } } });
  if (hoursDiff.missing.length > 0) {
    await tx.workingHours.createMany({ data: hoursDiff.missing.map((row) => ({ ...owner, ...row })) });
  }

  const wantedTimeOff = (entry.timeOff ?? []).map(({ from, to }) => ({
    startsAt: localDateTimeToUtc(from, timeZone),
    endsAt: localDateTimeToUtc(to, timeZone),
  }));
  const timeOff = await tx.timeOff.findMany({ where, orderBy: { id: 'asc' } });
  const timeOffDiff = diffRows(timeOff, wantedTimeOff, (row) => `${row.startsAt.getTime()}/${row.endsAt.getTime()}`);
  if (timeOffDiff.staleIds.length > 0) await tx.timeOff.deleteMany({ where: { ...where, id: { in: timeOffDiff.staleIds } } });
  if (timeOffDiff.missing.length > 0) {
    await tx.timeOff.createMany({ data: timeOffDiff.missing.map((row) => ({ ...owner, ...row })) });
  }
}

/** Multiset difference by a row signature: existing rows to delete and wanted rows to insert. */
function diffRows<Existing extends { id: number }, Wanted>(
  existing: Existing[],
  wanted: Wanted[],
  signature: (row: Existing | Wanted) => string,
): { staleIds: number[]; missing: Wanted[] } {
  const available = new Map<string, number[]>();
  for (const row of existing) {
    const key = signature(row);
    available.set(key, [...(available.get(key) ?? []), row.id]);
  }
  const missing: Wanted[] = [];
  for (const row of wanted) {
    const ids = available.get(signature(row));
    if (ids && ids.length > 0) ids.shift();
    else missing.push(row);
  }
  return { staleIds: [...available.values()].flat(), missing };
}
