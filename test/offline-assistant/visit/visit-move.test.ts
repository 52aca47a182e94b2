import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../../src/shared/index.js';
import { testDatabase } from '../../support/test-database.js';
import { allText, demoTenant, localStart } from '../demo-tenant-session.js';

const { db } = await testDatabase();
// Tuesday 2026-12-01, 09:00 in São Paulo.
const clock = fixedClock('2026-12-01T12:00:00Z');

const booked = async (rows: Promise<{ status: string; startsAt: Date; serviceId: number; professionalId: number }[]>) =>
  (await rows).filter((row) => row.status === 'booked').map((row) => [localStart(row.startsAt), row.serviceId, row.professionalId]);

describe('offline assistant: moving a visit', () => {
  it('when the customer asks to move one service of a visit, then the times offered fit the whole visit, "sim" moves every service and one receipt lists them', async () => {
    const demo = await demoTenant(db, clock);
    const { say, appointments } = await demo.customer();
    await say('corte e escova amanhã às 14h');
    await say('sim');
    // The escova follows the corte: the visit is offered from its first service, where both fit.
    const asked = await say('remarcar a escova de amanhã para sexta às 10h');
    expect(allText(asked)).toContain(
      'Confirma a nova data da sua visita?\nSex 04/12\n• 10:00 *Corte feminino* com *Juliana Alves*\n• 10:45 *Escova* com *Juliana Alves*',
    );
    const done = await say('sim');
    const juliana = demo.professionalId('juliana');
    expect(await booked(appointments())).toEqual([
      ['2026-12-04T10:00', demo.serviceId('corte'), juliana],
      ['2026-12-04T10:45', demo.serviceId('escova'), juliana],
    ]);
    // One receipt for the moved visit, every service at its new time.
    expect(allText(done)).toContain(
      '🔁 *Agendamento remarcado*\nDe: qua 02/12 às 14:00\nPara: sex 04/12\n• 10:00 Corte feminino com Juliana Alves\n• 10:45 Escova com Juliana Alves\n📍',
    );
  });
});
