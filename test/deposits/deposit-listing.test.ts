import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireDepositHold } from '../../src/deposits/index.js';
import type { AgendarResult, MeusAgendamentosResult } from '../../src/scheduling/tools/index.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';
import { createDepositSalon, type DepositWorld, depositCustomer, movableClock, startDepositWorld } from './deposit-test-kit.js';

// Monday 2026-12-07 09:00 in São Paulo: a hold of 45 minutes ends at 09:45.
const START = '2026-12-07T12:00:00Z';

describe('meus_agendamentos: a booking waiting for its deposit is listed as such', () => {
  let database: TestDatabase;
  let world: DepositWorld;
  const clock = movableClock(START);

  beforeAll(async () => {
    database = await testDatabase();
    world = await startDepositWorld(database.db, clock);
  });
  afterAll(async () => {
    await world.close();
  });

  it('when a coloração waits for its Pix, then meus_agendamentos lists it as aguardando_sinal with the amount and the hold’s end, beside a booked corte; once expired it is gone', async () => {
    clock.set(START);
    const salon = await createDepositSalon(database.db);
    const corte = salon.services.find((service) => service.key === 'corte')!;
    const customer = await depositCustomer(database.db, salon.id, clock);
    const held = await customer.call<AgendarResult>(
      'agendar',
      { profissional_id: salon.anaId, servico_id: salon.coloracaoId, inicio: '2026-12-09T14:00' },
      customer.context(),
    );
    await customer.call('agendar', { profissional_id: salon.anaId, servico_id: corte.id, inicio: '2026-12-10T10:00' }, customer.context());

    const listed = await customer.call<MeusAgendamentosResult>('meus_agendamentos', {}, customer.context());
    expect(listed.agendamentos).toHaveLength(2);
    expect(listed.agendamentos[0]).toMatchObject({
      agendamento_id: held.agendamento.agendamento_id,
      status: 'aguardando_sinal',
      sinal: { valor: 'R$ 54,00', reservado_ate: '09:45' },
    });
    expect(listed.agendamentos[0]?.sinal?.instrucao).toContain('NÃO está agendado');
    expect(listed.agendamentos[1]).toMatchObject({ status: 'agendado', servico: { id: corte.id } });
    expect(listed.agendamentos[1]?.sinal).toBeUndefined();

    const deposit = await database.db.deposit.findUniqueOrThrow({ where: { appointmentId: held.agendamento.agendamento_id } });
    clock.set('2026-12-07T12:46:00Z');
    expect((await expireDepositHold(world.deposits, deposit.id, async () => false)).kind).toBe('expired');
    const after = await customer.call<MeusAgendamentosResult>('meus_agendamentos', {}, customer.context());
    expect(after.agendamentos.map((appointment) => appointment.status)).toEqual(['agendado']);
  });

  it('when a visit waits for its deposit, then every one of its rows is listed aguardando_sinal with the visit’s one deposit', async () => {
    clock.set(START);
    const salon = await createDepositSalon(database.db);
    const corte = salon.services.find((service) => service.key === 'corte')!;
    const customer = await depositCustomer(database.db, salon.id, clock);
    await customer.call<AgendarResult>(
      'agendar',
      {
        inicio: '2026-12-16T14:00',
        servicos: [
          { servico_id: salon.coloracaoId, profissional_id: salon.anaId },
          { servico_id: corte.id, profissional_id: salon.anaId },
        ],
      },
      customer.context(),
    );
    const listed = await customer.call<MeusAgendamentosResult>('meus_agendamentos', {}, customer.context());
    expect(listed.agendamentos.map((appointment) => [appointment.status, appointment.sinal?.valor])).toEqual([
      ['aguardando_sinal', 'R$ 54,00'],
      ['aguardando_sinal', 'R$ 54,00'],
    ]);
  });
});
