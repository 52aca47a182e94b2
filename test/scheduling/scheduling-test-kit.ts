import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { expect } from 'vitest';
import { schedulingToolDepsOf } from '../../src/boot/index.js';
import type { Db } from '../../src/db/index.js';
import { createSchedulingTools } from '../../src/scheduling/tools/index.js';
import { type Clock, fixedClock, silentLogger, type ToolCallContext, ToolDomainException } from '../../src/shared/index.js';
import { createTestConversation } from '../support/factories.js';

/** "Now" of every scheduling test: Tuesday 2026-12-01 09:00 in São Paulo. */
export const NOW = '2026-12-01T12:00:00Z';

export type ToolName =
  | 'listar_servicos'
  | 'listar_profissionais'
  | 'buscar_horarios'
  | 'agendar'
  | 'meus_agendamentos'
  | 'cancelar'
  | 'remarcar';

/** Calls a tool as the agent loop does: input parsed by the tool's own zod schema, then the handler. */
export function schedulingTools(db: Db, clock: Clock = fixedClock(NOW)) {
  const tools = new Map(createSchedulingTools(schedulingToolDepsOf({ db, clock, logger: silentLogger })).map((tool) => [tool.name, tool]));
  return async function call<Result>(name: ToolName, input: unknown, context: ToolCallContext): Promise<Result> {
    const tool = tools.get(name);
    if (!tool) throw new Error(`no tool ${name}`);
    return (await tool.handler(tool.input.parse(input), context)) as Result;
  };
}

/** A customer of the tenant with a conversation; `context()` gives a fresh tool call context each time. */
export async function createCustomer(db: Db, tenantId: number) {
  const { customer, conversation } = await createTestConversation(db, tenantId);
  return {
    customerId: customer.id,
    context: (toolUseId: string = `toolu_${randomUUID()}`): ToolCallContext => ({
      tenantId,
      customerId: customer.id,
      conversationId: conversation.id,
      toolUseId,
    }),
  };
}

/** Start times "HH:mm" from `from` to `to` inclusive every `step` minutes. */
export function times(from: string, to: string, step: number): string[] {
  const minutes = (label: string) => Number(label.slice(0, 2)) * 60 + Number(label.slice(3, 5));
  const result: string[] = [];
  for (let minute = minutes(from); minute <= minutes(to); minute += step) {
    result.push(`${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`);
  }
  return result;
}

/** A professional with explicit services and weekly hours ([weekday, "HH:mm", "HH:mm"]). */
export async function addProfessional(
  db: Db,
  tenantId: number,
  options: { name: string; serviceIds: number[]; hours: [number, string, string][]; active?: boolean },
) {
  const minutes = (label: string) => Number(label.slice(0, 2)) * 60 + Number(label.slice(3, 5));
  return db.professional.create({
    data: {
      tenantId,
      key: `${options.name.toLowerCase()}-${randomUUID().slice(0, 8)}`,
      name: options.name,
      active: options.active ?? true,
      services: { create: options.serviceIds.map((serviceId) => ({ serviceId })) },
      workingHours: {
        create: options.hours.map(([weekday, start, end]) => ({ weekday, startMinute: minutes(start), endMinute: minutes(end) })),
      },
    },
  });
}

/** Inserts an appointment directly (bypassing the tools), e.g. one booked by someone else. */
export async function insertAppointment(
  db: Db,
  data: {
    tenantId: number;
    professionalId: number;
    serviceId: number;
    customerId: number;
    startsAt: string;
    endsAt: string;
    status?: string;
    /** Real creation time; bookings made moments ago are refused as "just taken". */
    createdAt?: string;
  },
) {
  return db.appointment.create({
    data: {
      ...data,
      startsAt: new Date(data.startsAt),
      endsAt: new Date(data.endsAt),
      status: data.status ?? 'booked',
      createdAt: data.createdAt ? new Date(data.createdAt) : undefined,
    },
  });
}

/** Awaits a refusal and returns its message; fails unless it is a ToolDomainException with `code`. */
export async function refusal(promise: Promise<unknown>, code: string): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error, `expected a ToolDomainException ${code}`).toBeInstanceOf(ToolDomainException);
  const exception = error as ToolDomainException;
  expect(exception.code).toBe(code);
  return exception.message;
}

/** Active (not cancelled) appointments of a professional that overlap each other: must always be empty. */
export async function overlappingPairs(db: Db, tenantId: number) {
  return db.$queryRaw<{ a: number; b: number }[]>`
    SELECT x.id AS a, y.id AS b FROM appointments x JOIN appointments y
      ON x.professional_id = y.professional_id AND x.id < y.id
     AND tstzrange(x.starts_at, x.ends_at, '[)') && tstzrange(y.starts_at, y.ends_at, '[)')
   WHERE x.tenant_id = ${tenantId} AND x.status <> 'cancelled' AND y.status <> 'cancelled'`;
}

/** An outcome that must not be a refusal: returned narrowed, or the test fails naming the refusal. */
export function accepted<Outcome extends { kind: string }>(outcome: Outcome): Exclude<Outcome, { kind: 'refused' }> {
  if (outcome.kind === 'refused') throw new Error(`refused: ${JSON.stringify((outcome as { refusal?: unknown }).refusal)}`);
  return outcome as Exclude<Outcome, { kind: 'refused' }>;
}

/** An outcome that must be a refusal of `kind`: its refusal, or the test fails. */
export function refusedAs<Outcome extends { kind: string }>(outcome: Outcome, kind: string) {
  expect(outcome.kind).toBe('refused');
  const { refusal } = outcome as unknown as { refusal: { kind: string } };
  expect(refusal.kind).toBe(kind);
  return refusal;
}

/** Polls until another session of this database waits on a lock (a reschedule's update, a cancellation). */
export async function waitForLockWaiter(client: pg.Client): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const result = await client.query(
      `SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`,
    );
    if ((result.rows[0] as { waiting: number }).waiting > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('nothing ever waited on the lock held');
}
