import { describe, expect, it } from 'vitest';
import { dayLabel, parseTypedDate, parseTypedTime } from '../../src/offline-assistant/local-dates.js';
import { detectCommand, matchChoice, normalize, parseYesNo } from '../../src/offline-assistant/match-choice.js';

// Tuesday.
const today = '2026-12-01';

describe('typed dates', () => {
  it.each([
    ['hoje', '2026-12-01'],
    ['Amanhã', '2026-12-02'],
    ['amanha!', '2026-12-02'],
    ['depois de amanhã', '2026-12-03'],
    ['sexta', '2026-12-04'],
    ['sexta-feira', '2026-12-04'],
    ['na segunda', '2026-12-07'],
    ['terça', '2026-12-01'],
    ['15/12', '2026-12-15'],
    ['5/1', '2027-01-05'],
    ['05/01/2027', '2027-01-05'],
    ['2026-12-20', '2026-12-20'],
    ['dia 20', '2026-12-20'],
  ])('when the customer types "%s", then it is %s', (typed, expected) => {
    expect(parseTypedDate(typed, today)).toBe(expected);
  });

  it.each(['31/02', 'banana', '', '14:30'])('when the text "%s" is not a date, then null', (typed) => {
    expect(parseTypedDate(typed, today)).toBeNull();
  });

  it('when labelling days, then today and tomorrow are named and titles fit a list row', () => {
    expect(dayLabel('2026-12-01', today)).toBe('Hoje, ter 01/12');
    expect(dayLabel('2026-12-02', today)).toBe('Amanhã, qua 02/12');
    expect(dayLabel('2026-12-05', today)).toBe('Sáb 05/12');
    expect(dayLabel('2026-12-02', today).length).toBeLessThanOrEqual(24);
  });
});

describe('typed times', () => {
  it.each([
    ['14:30', '14:30'],
    ['14h30', '14:30'],
    ['14h', '14:00'],
    ['às 9', '09:00'],
    ['9 horas', '09:00'],
  ])('when the customer types "%s", then it is %s', (typed, expected) => {
    expect(parseTypedTime(typed)).toBe(expected);
  });

  it.each(['25:00', '14:75', 'amanhã', 'às'])('when "%s" is not a time, then null', (typed) => {
    expect(parseTypedTime(typed)).toBeNull();
  });
});

describe('choices, commands and yes/no', () => {
  const choices = [
    { id: 'svc:1', title: 'Coloração' },
    { id: 'svc:2', title: 'Corte feminino', keywords: ['cabelo'] },
    { id: 'svc:3', title: 'Corte masculino' },
  ];

  it('when the customer taps, types a number, the title or a word of it, then that choice', () => {
    expect(matchChoice({ text: 'Corte feminino', replyId: 'svc:2' }, choices)?.id).toBe('svc:2');
    expect(matchChoice({ text: '3' }, choices)?.id).toBe('svc:3');
    expect(matchChoice({ text: 'opção 1' }, choices)?.id).toBe('svc:1');
    expect(matchChoice({ text: 'COLORAÇÃO' }, choices)?.id).toBe('svc:1');
    expect(matchChoice({ text: 'quero o masculino' }, choices)?.id).toBe('svc:3');
    expect(matchChoice({ text: 'cortar o cabelo' }, choices)?.id).toBe('svc:2');
  });

  it('when the text fits several choices or none, then no choice (asked again)', () => {
    expect(matchChoice({ text: 'corte' }, choices)).toBeNull();
    expect(matchChoice({ text: '7' }, choices)).toBeNull();
    expect(matchChoice({ text: 'banana' }, choices)).toBeNull();
  });

  it('when commands are typed at any step, then they are recognised', () => {
    expect(detectCommand('Menu')).toBe('menu');
    expect(detectCommand('voltar')).toBe('back');
    expect(detectCommand('quero falar com um atendente')).toBe('human');
    expect(detectCommand('Falar com uma pessoa')).toBe('human');
    expect(detectCommand('Bom dia!')).toBe('greeting');
    expect(detectCommand('oi, tudo bem?')).toBe('greeting');
    expect(detectCommand('oi queria saber se vocês fazem luzes no cabelo')).toBeNull();
    expect(detectCommand('corte')).toBeNull();
  });

  it('when the customer answers yes or no in usual ways, then it is read as such', () => {
    for (const yes of ['sim', 'Sim!', 's', 'pode ser', 'ok', 'confirmo']) expect(parseYesNo(yes)).toBe('yes');
    for (const no of ['não', 'nao', 'N', 'não, outro horário']) expect(parseYesNo(no)).toBe('no');
    expect(parseYesNo('talvez')).toBeNull();
    expect(normalize('  Olá,   Açaí! ')).toBe('ola acai');
  });
});
