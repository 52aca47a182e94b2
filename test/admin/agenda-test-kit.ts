import type { Express } from 'express';
import request from 'supertest';
import type { Db } from '../../src/db/index.js';
import type { BuscarHorariosResult } from '../../src/scheduling/tools/index.js';
import { type Clock, fixedClock } from '../../src/shared/index.js';
import { insertAppointment, NOW, schedulingTools, times } from '../scheduling/scheduling-test-kit.js';
import { createTestConversation, createTestTenant, type TestTenant } from '../support/factories.js';
import { testDatabase } from '../support/test-database.js';
import { bearer, createAdminTestApp } from './admin-test-app.js';

/** The admin app at the scheduling tests' "now" (Tuesday 2026-12-01 09:00 in São Paulo). */
export function agendaApp(db: Db, clock: Clock = fixedClock(NOW)): Express {
  return createAdminTestApp(db, { clock });
}

/** Authenticated calls of one tenant's admin key. */
export function staffApi(app: Express, apiKey: string) {
  return {
    get: (path: string) => request(app).get(path).set(bearer(apiKey)),
    post: (path: string, body?: unknown) => {
      const call = request(app).post(path).set(bearer(apiKey));
      return body === undefined ? call : call.send(body as object);
    },
    delete: (path: string) => request(app).delete(path).set(bearer(apiKey)),
  };
}

export type StaffApi = ReturnType<typeof staffApi>;
export type SchedulingCall = ReturnType<typeof schedulingTools>;

export interface AgendaSetup {
  db: Db;
  /** the factory's salon (Ana and Bia; Corte 30 min and Coloração 90 min) */
  tenant: TestTenant;
  /** the admin app at NOW */
  app: Express;
  /** the salon's admin API on `app` */
  api: StaffApi;
  /** the bot's scheduling tools at NOW */
  call: SchedulingCall;
}

/** This test file's database with one more factory salon, its admin API and the bot's tools, all at NOW. */
export async function setUpAgenda(overrides: Parameters<typeof createTestTenant>[1] = {}): Promise<AgendaSetup> {
  const { db } = await testDatabase();
  const tenant = await createTestTenant(db, overrides);
  const app = agendaApp(db);
  return { db, tenant, app, api: staffApi(app, tenant.apiKey), call: schedulingTools(db) };
}

/**
 * An appointment inserted directly, as if booked earlier: with Ana and Corte unless told,
 * lasting the service's duration.
 */
export function insertTenantAppointment(
  db: Db,
  tenant: TestTenant,
  row: {
    customerId: number;
    startsAt: string | Date;
    professionalId?: number;
    serviceId?: number;
    status?: string;
    createdAt?: string;
  },
) {
  const service = row.serviceId === undefined ? tenant.services[0]! : tenant.services.find((candidate) => candidate.id === row.serviceId)!;
  const startsAt = new Date(row.startsAt);
  return insertAppointment(db, {
    tenantId: tenant.id,
    professionalId: row.professionalId ?? tenant.professionals[0]!.id,
    serviceId: service.id,
    customerId: row.customerId,
    startsAt: startsAt.toISOString(),
    endsAt: new Date(startsAt.getTime() + service.durationMinutes * 60_000).toISOString(),
    ...(row.status ? { status: row.status } : {}),
    ...(row.createdAt ? { createdAt: row.createdAt } : {}),
  });
}

/** A new WhatsApp customer (with a conversation, see createTestConversation) and their appointment with Ana (Corte) at `startsAt`. */
export async function insertBookedCustomer(
  db: Db,
  tenant: TestTenant,
  startsAt: string | Date,
  customer: Parameters<typeof createTestConversation>[2] = {},
) {
  const { customer: row, conversation } = await createTestConversation(db, tenant.id, customer);
  const appointment = await insertTenantAppointment(db, tenant, { customerId: row.id, startsAt });
  return { customer: row, conversation, appointment };
}

/**
 * Every free start a `buscar_horarios` result offers, as "HH:mm": its ranges expanded at
 * the slot step (the ranges cover every free start; `horarios` is only a sample).
 */
export function offeredStarts(result: BuscarHorariosResult): string[] {
  return result.faixas.flatMap((faixa) => times(faixa.de, faixa.ate, result.passo_minutos));
}
