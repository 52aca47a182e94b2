import type { Express } from 'express';
import request from 'supertest';
import type { Db } from '../../src/db/index.js';
import type { BuscarHorariosResult } from '../../src/scheduling/index.js';
import { type Clock, fixedClock } from '../../src/shared/index.js';
import { NOW, times } from '../scheduling/scheduling-test-kit.js';
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

/**
 * Every free start a `buscar_horarios` result offers, as "HH:mm": its ranges expanded at
 * the slot step (the ranges cover every free start; `horarios` is only a sample).
 */
export function offeredStarts(result: BuscarHorariosResult): string[] {
  return result.faixas.flatMap((faixa) => times(faixa.de, faixa.ate, result.passo_minutos));
}
