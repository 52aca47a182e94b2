import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/index.js';
import { ToolDomainException } from '../../src/shared/index.js';
import { createCustomer, overlappingPairs } from '../scheduling/scheduling-test-kit.js';
import type { TestTenant } from '../support/factories.js';
import { type SchedulingCall, type StaffApi, setUpAgenda } from './agenda-test-kit.js';

describe('staff and the bot racing for one slot', () => {
  let db: Db;
  let tenant: TestTenant;
  let api: StaffApi;
  let call: SchedulingCall;

  beforeAll(async () => {
    ({ db, tenant, api, call } = await setUpAgenda());
  });

  it('when 10 staff requests and 10 bot bookings hit 10:00 at once, then one appointment exists and 19 are refused', async () => {
    const [ana, corte] = [tenant.professionals[0]!, tenant.services[0]!];
    const customers = await Promise.all(Array.from({ length: 10 }, () => createCustomer(db, tenant.id)));
    const staff = Array.from({ length: 10 }, (_, index) =>
      api
        .post('/admin/appointments', {
          professionalId: ana.id,
          serviceId: corte.id,
          start: '2026-12-02T10:00',
          customer: { name: `Cliente ${index}`, phone: `(11) 9${String(8000_0000 + index)}` },
        })
        .then((response) => ({
          who: 'staff' as const,
          won: response.status === 201,
          status: response.status,
          code: response.body?.error?.code,
        })),
    );
    const bot = customers.map((customer) =>
      call('agendar', { profissional_id: ana.id, servico_id: corte.id, inicio: '2026-12-02T10:00' }, customer.context()).then(
        () => ({ who: 'bot' as const, won: true, status: 0, code: undefined as string | undefined }),
        (error: unknown) => ({
          who: 'bot' as const,
          won: false,
          status: 0,
          code: error instanceof ToolDomainException ? error.code : String(error),
          message: error instanceof ToolDomainException ? error.message : '',
        }),
      ),
    );
    const outcomes = await Promise.all([...staff, ...bot]);

    expect(outcomes.filter((outcome) => outcome.won)).toHaveLength(1);
    const losers = outcomes.filter((outcome) => !outcome.won);
    expect(losers).toHaveLength(19);
    for (const loser of losers) {
      if (loser.who === 'staff') expect([loser.status, loser.code]).toEqual([409, 'slot_taken']);
      else {
        expect(loser.code).toBe('slot_just_taken');
        expect((loser as { message: string }).message).toContain('acabou de ser ocupado');
      }
    }
    expect(await db.appointment.count({ where: { tenantId: tenant.id, professionalId: ana.id, status: { not: 'cancelled' } } })).toBe(1);
    expect(await overlappingPairs(db, tenant.id)).toEqual([]);
  });
});
