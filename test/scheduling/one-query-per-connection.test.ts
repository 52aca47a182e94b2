import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/index.js';
import type { AgendarResult, RemarcarResult } from '../../src/scheduling/tools/index.js';
import { createTestTenant, type TestTenant } from '../support/factories.js';
import { testDatabase } from '../support/test-database.js';
import { createCustomer, schedulingTools } from './scheduling-test-kit.js';

/**
 * pg 8 warns ("Calling client.query() when the client is already executing a query is
 * deprecated") and pg 9 will fail when a second query is sent on a connection before the
 * first answered — which Prisma does when one write inside a transaction selects several
 * relations. This counts such overlapping queries on any connection.
 */
function watchOverlappingQueries() {
  type Queued = pg.Client & { _queryQueue?: unknown[]; pipeline?: boolean };
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = prototype.query;
  const overlaps: string[] = [];
  prototype.query = function (this: Queued, ...args: unknown[]) {
    if ((this._queryQueue?.length ?? 0) > 0 && !this.pipeline) {
      const text = typeof args[0] === 'string' ? args[0] : String((args[0] as { text?: string })?.text ?? '');
      overlaps.push(text.slice(0, 120));
    }
    return original.apply(this, args);
  };
  const restore = () => {
    prototype.query = original;
  };
  return { overlaps, restore };
}

describe('scheduling writes and their connection', () => {
  let db: Db;
  let tenant: TestTenant;
  const watch = watchOverlappingQueries();
  beforeAll(async () => {
    db = (await testDatabase()).db;
    tenant = await createTestTenant(db);
  });
  afterAll(() => watch.restore());

  it('when a customer books, reschedules and cancels, then no query is sent on a connection still busy with another', async () => {
    const call = schedulingTools(db);
    const [ana, corte] = [tenant.professionals[0]!, tenant.services[0]!];
    const customer = await createCustomer(db, tenant.id);
    const booked = await call<AgendarResult>(
      'agendar',
      { profissional_id: ana.id, servico_id: corte.id, inicio: '2026-12-02T14:30' },
      customer.context(),
    );
    expect(booked.agendamento).toMatchObject({ inicio: '14:30', profissional: { nome: 'Ana' }, servico: { nome: 'Corte' } });
    const moved = await call<RemarcarResult>(
      'remarcar',
      { agendamento_id: booked.agendamento.agendamento_id, inicio: '2026-12-03T10:00' },
      customer.context(),
    );
    expect(moved.agendamento).toMatchObject({ data: '2026-12-03', inicio: '10:00', profissional: { nome: 'Ana' } });
    expect(moved.anterior).toMatchObject({ agendamento_id: booked.agendamento.agendamento_id, inicio: '14:30' });
    await call('cancelar', { agendamento_id: moved.agendamento.agendamento_id }, customer.context());
    expect(await db.appointment.count({ where: { customerId: customer.customerId, status: 'booked' } })).toBe(0);
    expect(watch.overlaps).toEqual([]);
  });
});
