import type { Queryable } from '../db/index.js';
import { clockTimeOf, localDateTimeOf } from '../shared/index.js';
import type { HolidaySettings, ProfessionalServiceEntry, ServiceEntry } from './catalogue-schema.js';
import type { NotificationTemplates } from './notification-templates.js';
import type { StoredPaymentSettings } from './payment-settings.js';
import type { ReminderSetting } from './reminder-settings.js';
import type { TenantFile } from './tenant-file-schema.js';
import { WEEKDAY_KEYS, type WeekdayKey } from './weekday-keys.js';

const BY_NAME: [{ name: 'asc' }, { id: 'asc' }] = [{ name: 'asc' }, { id: 'asc' }];

/**
 * The tenant's current data as a tenant file (CONTRACT.md, "Tenant file"): active services (as the
 * bot lists them: by name, variants under their parent), resources and professionals, hours, time
 * off in local time, booking rules, reminders, templates, holidays and quick replies. Secrets are
 * left out (the WhatsApp access token, Mercado Pago's token and webhook secret): importing the file keeps the stored one. Importing the
 * result into the same tenant changes no row. Null when the tenant does not exist.
 */
export async function exportTenantFile(db: Queryable, tenantId: number): Promise<TenantFile | null> {
  const tenant = await db.tenant.findUnique({ where: { id: tenantId } });
  if (!tenant) return null;
  // One query after another: inside a transaction (the console's changes) they share one connection.
  const resources = await db.resource.findMany({
    where: { tenantId, active: true },
    orderBy: BY_NAME,
    select: { id: true, key: true, name: true, count: true },
  });
  const services = await db.service.findMany({
    where: { tenantId, active: true },
    orderBy: BY_NAME,
    select: {
      id: true,
      key: true,
      name: true,
      durationMinutes: true,
      priceCents: true,
      priceFrom: true,
      bufferAfterMinutes: true,
      parentId: true,
      resources: { where: { tenantId }, select: { resourceId: true } },
    },
  });
  const professionals = await professionalsOf(db, tenantId);
  const quickReplies = await db.quickReply.findMany({
    where: { tenantId },
    orderBy: { shortcut: 'asc' },
    select: { shortcut: true, text: true },
  });
  const resourceKeyById = new Map(resources.map((resource) => [resource.id, resource.key]));
  const serviceKeyById = new Map(services.map((service) => [service.id, service.key]));
  const positionByKey = new Map(services.map((service, position) => [service.key, position]));
  const positionOf = (entry: ProfessionalServiceEntry) => positionByKey.get(typeof entry === 'string' ? entry : entry.key) ?? 0;

  const fileServices: ServiceEntry[] = services
    .filter((service) => service.parentId === null)
    .map((service) => {
      const resourceKeys = service.resources.flatMap((link) => resourceKeyById.get(link.resourceId) ?? []).sort();
      const variants = services
        .filter((variant) => variant.parentId === service.id)
        .map((variant) => ({
          key: variant.key,
          name: variant.name,
          durationMinutes: variant.durationMinutes,
          ...priceOf(variant),
        }));
      return {
        key: service.key,
        name: service.name,
        durationMinutes: service.durationMinutes,
        ...priceOf(service),
        ...(service.bufferAfterMinutes > 0 ? { bufferAfterMinutes: service.bufferAfterMinutes } : {}),
        ...(resourceKeys.length > 0 ? { resources: resourceKeys } : {}),
        ...(variants.length > 0 ? { variants } : {}),
      };
    });

  const file: TenantFile = {
    slug: tenant.slug,
    name: tenant.name,
    timezone: tenant.timezone,
    whatsapp: { phoneNumberId: tenant.phoneNumberId },
    assistant: {
      businessInfo: tenant.businessInfo,
      ...(tenant.address !== '' ? { address: tenant.address } : {}),
      ...(tenant.paymentMethods !== '' ? { paymentMethods: tenant.paymentMethods } : {}),
      ownerReplyPauseMinutes: tenant.ownerReplyPauseMinutes,
    },
    booking: {
      minNoticeMinutes: tenant.minNoticeMinutes,
      horizonDays: tenant.horizonDays,
      slotStepMinutes: tenant.slotStepMinutes,
      cancelNoticeMinutes: tenant.cancelNoticeMinutes,
    },
    retention: { days: tenant.retentionDays },
    services: fileServices,
    ...(resources.length > 0 ? { resources: resources.map(({ key, name, count }) => ({ key, name, count })) } : {}),
    ...(tenant.holidays !== null ? { holidays: tenant.holidays as HolidaySettings } : {}),
    professionals: professionals.map((professional) => ({
      key: professional.key,
      name: professional.name,
      services: professional.services
        .filter((link) => serviceKeyById.has(link.serviceId))
        .map((link): ProfessionalServiceEntry => {
          const key = serviceKeyById.get(link.serviceId)!;
          if (link.priceCents === null && link.durationMinutes === null) return key;
          return {
            key,
            ...(link.priceCents !== null ? { priceCents: link.priceCents } : {}),
            ...(link.durationMinutes !== null ? { durationMinutes: link.durationMinutes } : {}),
          };
        })
        .sort((a, b) => positionOf(a) - positionOf(b)),
      hours: weeklyHoursOf(professional.workingHours),
      ...(professional.timeOff.length > 0
        ? {
            timeOff: professional.timeOff.map((period) => ({
              from: localDateTimeOf(period.startsAt.getTime(), tenant.timezone),
              to: localDateTimeOf(period.endsAt.getTime(), tenant.timezone),
            })),
          }
        : {}),
    })),
    ...(tenant.templates !== null ? { templates: tenant.templates as NotificationTemplates } : {}),
    ...(quickReplies.length > 0 ? { quickReplies } : {}),
    ...(tenant.reminders !== null ? { reminders: tenant.reminders as ReminderSetting[] } : {}),
    // Without its secrets: importing the file keeps the stored ones.
    ...(tenant.payments !== null ? { payments: tenant.payments as StoredPaymentSettings } : {}),
  };
  return file;
}

/**
 * Active professionals with their offered services, hours and time off. Each table is its own
 * query, one after the other: Prisma sends the relations of one `select` at once, and inside a
 * transaction three of them queue on its one connection (node-postgres warns of that, and pg 9 refuses it).
 */
async function professionalsOf(db: Queryable, tenantId: number) {
  const rows = await db.professional.findMany({
    where: { tenantId, active: true },
    orderBy: BY_NAME,
    select: { id: true, key: true, name: true },
  });
  const of = { tenantId, professionalId: { in: rows.map((row) => row.id) } };
  const links = await db.professionalService.findMany({
    where: of,
    orderBy: { serviceId: 'asc' },
    select: { professionalId: true, serviceId: true, priceCents: true, durationMinutes: true },
  });
  const hours = await db.workingHours.findMany({
    where: of,
    select: { professionalId: true, weekday: true, startMinute: true, endMinute: true },
  });
  const timeOff = await db.timeOff.findMany({
    where: of,
    orderBy: [{ startsAt: 'asc' }, { id: 'asc' }],
    select: { professionalId: true, startsAt: true, endsAt: true },
  });
  return rows.map((row) => ({
    key: row.key,
    name: row.name,
    services: links.filter((link) => link.professionalId === row.id),
    workingHours: hours.filter((entry) => entry.professionalId === row.id),
    timeOff: timeOff.filter((period) => period.professionalId === row.id),
  }));
}

/** A stored price as the file writes it: `priceCents` when there is one, `priceFrom` only when true. */
function priceOf(service: { priceCents: number | null; priceFrom: boolean }): { priceCents?: number; priceFrom?: true } {
  return {
    ...(service.priceCents !== null ? { priceCents: service.priceCents } : {}),
    ...(service.priceFrom ? { priceFrom: true as const } : {}),
  };
}

function weeklyHoursOf(
  rows: readonly { weekday: number; startMinute: number; endMinute: number }[],
): TenantFile['professionals'][number]['hours'] {
  const hours: Partial<Record<WeekdayKey, [string, string][]>> = {};
  WEEKDAY_KEYS.forEach((day, weekday) => {
    const intervals = rows
      .filter((row) => row.weekday === weekday)
      .sort((a, b) => a.startMinute - b.startMinute)
      .map((row): [string, string] => [clockTimeOf(row.startMinute), clockTimeOf(row.endMinute)]);
    if (intervals.length > 0) hours[day] = intervals;
  });
  return hours;
}
