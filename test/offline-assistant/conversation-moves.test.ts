import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/shared/index.js';
import { testDatabase } from '../support/test-database.js';
import { allText, demoTenant, isConfirmation, options } from './demo-tenant-session.js';

const { db } = await testDatabase();
// Tuesday 2026-12-01, 09:00 in São Paulo.
const clock = fixedClock('2026-12-01T12:00:00Z');
const demo = await demoTenant(db, clock);
const stateOf = async (conversationId: number) =>
  (await db.conversation.findUniqueOrThrow({ where: { id: conversationId }, select: { assistantState: true } })).assistantState;

describe('offline assistant: complaints, ways out, questions and thanks (demo tenant)', () => {
  it('when a complaint arrives at a confirmation, then a person is called with reason complaint at once and nothing is booked', async () => {
    const { say, appointments } = await demo.customer();
    expect(isConfirmation(await say('corte amanhã 15h'))).toBe(true);
    const outcome = await say('na verdade to revoltada, o último corte ficou horrivel');
    expect(outcome).toMatchObject({ kind: 'handoff', reason: 'complaint' });
    expect(allText(outcome)).toContain('Sinto muito');
    expect(await appointments()).toHaveLength(0);
    const handoff = await db.handoff.findFirstOrThrow({ where: { tenantId: demo.tenantId, reason: 'complaint' } });
    expect(handoff.status).toBe('pending');
  });

  it('when the customer gives up at the confirmation ("não, deixa"), then the flow ends, nothing is written and no "não entendi" is said', async () => {
    const { say, appointments, ids } = await demo.customer();
    await say('manicure amanhã 10h');
    const left = await say('não, deixa');
    expect(allText(left)).toContain('não marquei nada');
    expect(allText(left)).not.toContain('não entendi');
    expect(await appointments()).toHaveLength(0);
    expect(await stateOf(ids.conversationId)).toMatchObject({ current: { step: 'idle' } });
    // plain "não" still means another time
    await say('manicure amanhã 10h');
    expect(options(await say('não')).some((option) => option.id.startsWith('slot:'))).toBe(true);
  });

  it('when the customer leaves a cancellation ("deixa"), then the appointment stays as it was', async () => {
    const { say, book, appointments } = await demo.customer();
    await book('corte', 'juliana', '2026-12-04T15:00');
    await say('cancela meu horário de sexta');
    expect(allText(await say('deixa'))).toContain('seu agendamento continua como estava');
    expect((await appointments())[0]?.status).toBe('booked');
  });

  it('when a step does not understand, then the re-ask names the way out and a person', async () => {
    const { say } = await demo.customer();
    await say('corte feminino');
    expect(allText(await say('banana'))).toMatch(/não entendi.*\*esquece\* para sair.*\*pessoa\*/s);
  });

  it('when the tenant file has no address or payment field, then the sentence of the business information that says it is the answer, never the paragraph', async () => {
    const plain = await demoTenant(db, clock, (file) => ({ ...file, assistant: { businessInfo: file.assistant.businessInfo } }));
    const address = allText(await (await plain.customer()).say('qual o endereço?'));
    expect(address).toContain('📍 Salão Bela Vista: Rua Treze de Maio, 1200');
    expect(address).not.toContain('Aceitamos');
    const payment = allText(await (await plain.customer()).say('aceita cartão?'));
    expect(payment).toContain('💳 Aceitamos Pix, cartão de débito e crédito.');
    expect(payment).not.toContain('Rua Treze');
    const none = await demoTenant(db, clock, (file) => ({ ...file, assistant: { businessInfo: '' } }));
    expect(allText(await (await none.customer()).say('onde fica?'))).toContain('escreva *pessoa*');
  });

  it('when a question comes in the middle of a booking, then it is answered and the same step follows, with what was said kept', async () => {
    const { say } = await demo.customer();
    const which = await say('quero fazer o cabelo amanhã às 10h');
    expect(options(which).map((option) => option.title)).toEqual(['Coloração', 'Corte feminino', 'Escova']);
    const answered = await say('vcs aceitam pix?');
    expect(allText(answered)).toContain('💳 Aceitamos Pix');
    expect(options(answered).map((option) => option.title)).toEqual(['Coloração', 'Corte feminino', 'Escova', 'Manicure']);
    const confirm = await say('escova');
    expect(isConfirmation(confirm)).toBe(true);
    expect(allText(confirm)).toContain('às 10:00');
  });

  it('when the customer thanks at a confirmation, then it is not a yes: a kind word and the same question', async () => {
    const { say, appointments } = await demo.customer();
    await say('escova amanhã 11h');
    const thanked = await say('obrigada');
    expect(allText(thanked)).toContain('De nada!');
    expect(isConfirmation(thanked)).toBe(true);
    expect(await appointments()).toHaveLength(0);
  });

  it('when the customer names at the confirmation a professional who does not do the service, then it is said, never read as "pode ser" = yes', async () => {
    const { say, appointments } = await demo.customer();
    await say('coloração sexta 14h');
    const changed = await say('pode ser com o rafael?');
    expect(allText(changed)).toContain('Rafael Souza não faz Coloração.');
    expect(await appointments()).toHaveLength(0);
  });
});

describe('offline assistant: the notice rule told first (demo tenant, 2 hours)', () => {
  it('when the customer asks to move an appointment inside the notice, then the rule is said and a person offered, no day list', async () => {
    const { say, book } = await demo.customer();
    await book('manicure', 'camila', '2026-12-01T10:15');
    const outcome = await say('quero remarcar meu horario');
    expect(allText(outcome)).toContain('começa em menos de 2 horas');
    expect(options(outcome).map((option) => option.title)).toEqual(['Falar com uma pessoa', 'Menu']);
    expect(await say('Falar com uma pessoa', 'menu:human')).toMatchObject({ kind: 'handoff', reason: 'requested_by_customer' });
  });

  it('when a booking is far enough ahead, then its confirmation carries no warning', async () => {
    const { say } = await demo.customer();
    expect(allText(await say('manicure hoje 14h'))).not.toContain('⚠️');
  });
});
