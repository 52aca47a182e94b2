import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/index.js';
import type { TestTenant } from '../support/factories.js';
import { insertBookedCustomer, type StaffApi, setUpAgenda } from './agenda-test-kit.js';

describe('a staff cancellation keeps its reason', () => {
  let db: Db;
  let tenant: TestTenant;
  let api: StaffApi;

  beforeAll(async () => {
    ({ db, tenant, api } = await setUpAgenda());
  });

  it('when staff cancel with a reason, then the history entry names it; a reason over 200 characters is refused in pt-BR and nothing changes', async () => {
    const { appointment } = await insertBookedCustomer(db, tenant, '2026-12-02T14:00:00Z');
    const tooLong = await api.post(`/admin/appointments/${appointment.id}/cancel`, { notifyCustomer: false, reason: 'x'.repeat(201) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.details).toEqual([{ path: 'body.reason', message: 'O motivo tem no máximo 200 caracteres.' }]);
    expect((await db.appointment.findUniqueOrThrow({ where: { id: appointment.id } })).status).toBe('booked');

    const cancelled = await api.post(`/admin/appointments/${appointment.id}/cancel`, {
      notifyCustomer: false,
      reason: ' Cliente ligou: viagem ',
    });
    expect(cancelled.status).toBe(200);
    const detail = await api.get(`/admin/appointments/${appointment.id}`);
    expect(detail.body.history).toEqual([
      expect.objectContaining({
        change: 'cancelled',
        details: { status: { from: 'booked', to: 'cancelled' }, reason: 'Cliente ligou: viagem' },
      }),
    ]);
  });
});
