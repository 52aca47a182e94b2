import { Router } from 'express';
import { z } from 'zod';
import type { CreatedBlock, CustomerAppointment, DayHours, Sent, TimeOffSpan } from '../contract/index.js';
import type { Db } from '../db/index.js';
import { resolveStatsPeriod } from '../handoff/index.js';
import { errorBody, type StaffReads } from '../http/index.js';
import { listDayWorkingHours } from '../scheduling/agenda/index.js';
import { toAppointmentStatus } from '../scheduling/appointments/index.js';
import type { Clock } from '../shared/index.js';
import { clockTimeOf, localDateTimeOf } from '../shared/index.js';
import { consoleStaffOf, requireConsoleSession } from './console-session.js';
import { computeConsoleStats } from './console-stats.js';

const idSchema = z.coerce.number().int().positive().max(2_147_483_647);
const periodSchema = z.object({ from: z.iso.date(), to: z.iso.date() });
const daySchema = z.object({ date: z.iso.date() });

/**
 * Reads the console needs that the admin API does not offer: a conversation's customer
 * appointments, and the owner's run and attendance figures. Same tenant filter: another
 * tenant's ids are 404.
 */
function nextDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10);
}

export function createConsoleApiRoutes(deps: { db: Db; clock: Clock; publicUrl: string | undefined; reads: StaffReads }): Router {
  const router = Router();
  const session = requireConsoleSession(deps);

  router.get('/conversations/:id/appointments', session, async (request, response) => {
    const principal = consoleStaffOf(response);
    const id = idSchema.safeParse(request.params.id);
    const conversation = id.success
      ? await deps.db.conversation.findFirst({ where: { id: id.data, tenantId: principal.tenantId }, select: { customerId: true } })
      : null;
    if (!conversation) {
      response.status(404).json(errorBody('not_found', 'conversation not found'));
      return;
    }
    const since = new Date(deps.clock.now().getTime() - 90 * 24 * 60 * 60 * 1000);
    const rows = await deps.db.appointment.findMany({
      where: { tenantId: principal.tenantId, customerId: conversation.customerId, startsAt: { gte: since } },
      orderBy: { startsAt: 'asc' },
      take: 50,
      select: {
        id: true,
        startsAt: true,
        endsAt: true,
        status: true,
        service: { select: { name: true } },
        professional: { select: { name: true } },
      },
    });
    response.json({
      items: rows.map(
        (row): Sent<CustomerAppointment> => ({
          id: row.id,
          start: localDateTimeOf(row.startsAt.getTime(), principal.timezone),
          end: localDateTimeOf(row.endsAt.getTime(), principal.timezone),
          status: toAppointmentStatus(row.status),
          service: row.service.name,
          professional: row.professional.name,
        }),
      ),
    });
  });

  // The contract's agenda API creates and deletes blocks but does not list them; the day view needs them,
  // and the tenant file's time off of the professionals (`timeOff`), drawn apart (an import rewrites it),
  // and each professional's working hours that weekday (`hours`: the grid shades breaks and the hours outside them).
  router.get('/blocks', session, async (request, response) => {
    const principal = consoleStaffOf(response);
    const query = daySchema.safeParse(request.query);
    const day = query.success ? resolveStatsPeriod(query.data.date, nextDate(query.data.date), principal.timezone) : null;
    if (!day?.ok) {
      response.status(400).json(errorBody('invalid_request', 'data inválida: use AAAA-MM-DD'));
      return;
    }
    const blocks = await deps.db.professionalBlock.findMany({
      where: { tenantId: principal.tenantId, startsAt: { lt: day.to }, endsAt: { gt: day.from } },
      orderBy: [{ professionalId: 'asc' }, { startsAt: 'asc' }],
      take: 200,
      select: { id: true, professionalId: true, startsAt: true, endsAt: true, reason: true },
    });
    const timeOff = await deps.db.timeOff.findMany({
      where: { tenantId: principal.tenantId, startsAt: { lt: day.to }, endsAt: { gt: day.from } },
      orderBy: [{ professionalId: 'asc' }, { startsAt: 'asc' }],
      take: 200,
      select: { professionalId: true, startsAt: true, endsAt: true },
    });
    const hours = await listDayWorkingHours(deps.db, { tenantId: principal.tenantId, date: query.data?.date ?? '' });
    response.json({
      hours: hours.map(
        (day): Sent<DayHours> => ({
          professionalId: day.professionalId,
          intervals: day.intervals.map(([start, end]): [string, string] => [clockTimeOf(start), clockTimeOf(end)]),
        }),
      ),
      timeOff: timeOff.map(
        (span): Sent<TimeOffSpan> => ({
          professionalId: span.professionalId,
          from: localDateTimeOf(span.startsAt.getTime(), principal.timezone),
          to: localDateTimeOf(span.endsAt.getTime(), principal.timezone),
        }),
      ),
      items: blocks.map(
        (block): Sent<CreatedBlock> => ({
          id: block.id,
          professionalId: block.professionalId,
          from: localDateTimeOf(block.startsAt.getTime(), principal.timezone),
          to: localDateTimeOf(block.endsAt.getTime(), principal.timezone),
          reason: block.reason,
        }),
      ),
    });
  });

  router.get('/stats', session, async (request, response) => {
    const principal = consoleStaffOf(response);
    if (principal.role !== 'owner') {
      response.status(403).json(errorBody('forbidden', 'somente o proprietário vê as estatísticas'));
      return;
    }
    const query = periodSchema.safeParse(request.query);
    const period = query.success ? resolveStatsPeriod(query.data.from, query.data.to, principal.timezone) : null;
    if (!period?.ok) {
      response.status(400).json(errorBody('invalid_request', 'período inválido: from e to no formato AAAA-MM-DD'));
      return;
    }
    const stats = await deps.reads.run(request, response, ({ db }) =>
      computeConsoleStats(db, { tenantId: principal.tenantId, from: period.from, to: period.to, now: deps.clock.now() }),
    );
    response.json(stats);
  });

  return router;
}
