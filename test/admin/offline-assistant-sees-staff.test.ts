import { beforeAll, describe, expect, it } from 'vitest';
import { schedulingToolDepsOf } from '../../src/boot/index.js';
import type { Db } from '../../src/db/index.js';
import { freeTimesOn } from '../../src/offline-assistant/free-times.js';
import { createSchedulingCalls } from '../../src/offline-assistant/scheduling-calls.js';
import { createSchedulingToolSet } from '../../src/scheduling/tools/index.js';
import { fixedClock, silentLogger } from '../../src/shared/index.js';
import { NOW } from '../scheduling/scheduling-test-kit.js';
import { createTestConversation, type TestTenant } from '../support/factories.js';
import { type StaffApi, setUpAgenda } from './agenda-test-kit.js';

describe('the offline assistant sees staff changes at once', () => {
  let db: Db;
  let tenant: TestTenant;
  let api: StaffApi;

  beforeAll(async () => {
    ({ db, tenant, api } = await setUpAgenda());
  });

  it('when staff book 10:00 and then block the afternoon, then the menu’s free times lose 10:00 and the afternoon', async () => {
    const [ana, corte] = [tenant.professionals[0]!, tenant.services[0]!];
    const { customer, conversation } = await createTestConversation(db, tenant.id);
    const tools = createSchedulingToolSet(schedulingToolDepsOf({ db, clock: fixedClock(NOW), logger: silentLogger }));
    const calls = createSchedulingCalls(tools, { tenantId: tenant.id, customerId: customer.id, conversationId: conversation.id }, 1);
    const draft = { mode: 'book' as const, serviceId: corte.id, professionalId: ana.id };
    const times = async () => (await freeTimesOn(calls, draft, '2026-12-02')).times.map((free) => free.time);
    expect(await times()).toEqual(expect.arrayContaining(['10:00', '14:00']));

    const booked = await api.post('/admin/appointments', {
      professionalId: ana.id,
      serviceId: corte.id,
      start: '2026-12-02T10:00',
      customer: { name: 'Lia', phone: '(11) 94444-3333' },
    });
    expect(booked.status).toBe(201);
    expect(await times()).not.toContain('10:00');
    await api.post(`/admin/professionals/${ana.id}/blocks`, { from: '2026-12-02T13:00', to: '2026-12-02T18:00' });
    expect((await times()).filter((time) => time >= '13:00')).toEqual([]);
  });
});
