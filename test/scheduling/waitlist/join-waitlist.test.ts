import { beforeAll, describe, expect, it } from 'vitest';
import { schedulingToolDepsOf } from '../../../src/boot/index.js';
import type { Db } from '../../../src/db/index.js';
import { createSchedulingTools } from '../../../src/scheduling/tools/index.js';
import { joinWaitlist } from '../../../src/scheduling/waitlist/index.js';
import { fixedClock, silentLogger, ToolDomainException } from '../../../src/shared/index.js';
import { createTestConversation, createTestTenant, type TestTenant } from '../../support/factories.js';
import { testDatabase } from '../../support/test-database.js';

// Tuesday 2026-12-01, 09:00 in São Paulo.
const NOW = new Date('2026-12-01T12:00:00Z');

describe('entrar_lista_espera: joining the waitlist', () => {
  let db: Db;
  let tenant: TestTenant;
  let customerId: number;
  let conversationId: number;

  beforeAll(async () => {
    ({ db } = await testDatabase());
    tenant = await createTestTenant(db);
    const created = await createTestConversation(db, tenant.id);
    customerId = created.customer.id;
    conversationId = created.conversation.id;
  });

  const tool = () => {
    const found = createSchedulingTools(schedulingToolDepsOf({ db, clock: fixedClock(NOW), logger: silentLogger })).find(
      (candidate) => candidate.name === 'entrar_lista_espera',
    );
    if (!found) throw new Error('entrar_lista_espera is not among the scheduling tools');
    return found;
  };
  const call = (input: unknown) =>
    tool().handler(tool().input.parse(input), { tenantId: tenant.id, customerId, conversationId, toolUseId: `toolu_${Math.random()}` });

  it('when the model asks for a service on a day and a period, then the entry is stored once and the answer says how it works', async () => {
    const input = { servico_id: tenant.services[0]!.id, data: '2026-12-04', periodo: 'tarde' };
    const first = await call(input);
    expect(first).toMatchObject({
      lista_espera: { servico: { id: tenant.services[0]!.id, nome: 'Corte' }, data: '2026-12-04', periodo: 'tarde' },
      ja_estava_na_lista: false,
    });
    expect(await call(input)).toMatchObject({ ja_estava_na_lista: true });
    const rows = await db.waitlistEntry.findMany({ where: { tenantId: tenant.id, customerId } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ date: '2026-12-04', period: 'tarde', professionalId: null, status: 'open' });
    // The end of Friday in São Paulo.
    expect(rows[0]?.expiresAt).toEqual(new Date('2026-12-05T03:00:00Z'));
    expect(tool().effect).toBe('read');
    expect(tool().description).toMatch(/lista de espera/);
  });

  it('refuses, as values the model reads, a past day, one beyond the horizon, a professional who does not do the service and another tenant’s service', async () => {
    const refusal = async (input: unknown) => {
      const error = await call(input).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ToolDomainException);
      return (error as ToolDomainException).code;
    };
    const corte = tenant.services[0]!.id;
    expect(await refusal({ servico_id: corte, data: '2026-11-30' })).toBe('date_past');
    expect(await refusal({ servico_id: corte, data: '2027-02-01' })).toBe('beyond_horizon');
    // Bia does only corte.
    expect(await refusal({ servico_id: tenant.services[1]!.id, data: '2026-12-04', profissional_id: tenant.professionals[1]!.id })).toBe(
      'service_not_offered',
    );
    const other = await createTestTenant(db);
    expect(await refusal({ servico_id: other.services[0]!.id, data: '2026-12-04' })).toBe('service_not_found');
    expect(await refusal({ servico_id: corte, data: '2026-12-04', profissional_id: other.professionals[0]!.id })).toBe(
      'professional_not_found',
    );
    expect(() => tool().input.parse({ servico_id: corte, data: '2026-12-04', periodo: 'madrugada' })).toThrow();
    expect(await db.waitlistEntry.count({ where: { tenantId: other.id } })).toBe(0);
  });

  it('keeps the same wish of two customers apart, and one customer’s different wishes as different entries', async () => {
    const second = await createTestConversation(db, tenant.id);
    const wish = {
      tenantId: tenant.id,
      serviceId: tenant.services[0]!.id,
      professionalId: null,
      date: '2026-12-05',
      period: null,
      now: NOW,
    };
    const a = await joinWaitlist(db, { ...wish, customerId });
    const b = await joinWaitlist(db, { ...wish, customerId: second.customer.id });
    const c = await joinWaitlist(db, { ...wish, customerId, period: 'manha' });
    const ids = [a, b, c].map((outcome) => (outcome.kind === 'joined' ? outcome.entry.id : 0));
    expect(new Set(ids).size).toBe(3);
  });
});
