import { describe, expect, it } from 'vitest';
import { type Catalog, normalizeRequest, readRequest } from '../../../src/offline-assistant/understanding/index.js';
import { localToday } from '../../../src/shared/index.js';

// Tuesday.
const today = '2026-12-01';
const catalog: Catalog = {
  services: [
    { id: 1, name: 'Corte feminino', professionalIds: [11, 12] },
    { id: 2, name: 'Corte masculino', professionalIds: [13] },
    { id: 3, name: 'Manicure', professionalIds: [14] },
    { id: 4, name: 'Coloração', professionalIds: [11] },
  ],
  professionals: [
    { id: 11, name: 'Juliana Alves' },
    { id: 12, name: 'Julia Lima' },
    { id: 13, name: 'Rafael Souza' },
    { id: 14, name: 'Camila Rocha' },
  ],
};
const read = (text: string, on = today) => readRequest({ text, catalog, today: on });

describe('normalising WhatsApp text', () => {
  it.each([
    ['Amanhã às 15hrs!!! 😊', 'amanha as 15h'],
    ['hj 15 horas', 'hoje 15h'],
    ['vc tem hr p/ sexta-feira 14h30?', 'voce tem horario para sexta 14:30'],
    ['SÁBADO meio-dia 💅🏽', 'sabado meiodia'],
    ['15.30', '15:30'],
  ])('when "%s" is normalised, then it reads "%s"', (text, expected) => {
    expect(normalizeRequest(text)).toBe(expected);
  });
});

describe('reading days', () => {
  it.each([
    ['hoje', { kind: 'date', date: '2026-12-01' }],
    ['amanha', { kind: 'date', date: '2026-12-02' }],
    ['depois de amanhã', { kind: 'date', date: '2026-12-03' }],
    ['sexta', { kind: 'date', date: '2026-12-04' }],
    ['sexta que vem', { kind: 'date', date: '2026-12-11' }],
    ['próxima terça', { kind: 'date', date: '2026-12-08' }],
    ['dia 15', { kind: 'date', date: '2026-12-15' }],
    ['15/12', { kind: 'date', date: '2026-12-15' }],
    ['5/1', { kind: 'date', date: '2027-01-05' }],
    ['semana que vem', { kind: 'range', from: '2026-12-07', to: '2026-12-13' }],
  ])('when the customer writes "%s", then the day is %j', (text, expected) => {
    const { day } = read(text);
    expect(day.status === 'found' && day.value).toEqual(expected);
  });

  it('when "sexta que vem" is read, then it is marked as a guess (low confidence); "amanhã" is sure', () => {
    expect(read('sexta que vem').day).toMatchObject({ confidence: 'low' });
    expect(read('amanha').day).toMatchObject({ confidence: 'high' });
  });

  it('when it is 23:30 in São Paulo (02:30 UTC next day), then "amanhã" is the São Paulo tomorrow', () => {
    const localDay = localToday(new Date('2026-12-02T02:30:00Z'), 'America/Sao_Paulo');
    expect(localDay).toBe('2026-12-01');
    expect(read('amanhã às 10h', localDay).day).toMatchObject({ value: { kind: 'date', date: '2026-12-02' } });
  });

  it('when two days are named, then the one after "para" is wanted and the other kept', () => {
    const reading = read('remarca de sexta para sábado');
    expect(reading.day).toMatchObject({ value: { date: '2026-12-05' } });
    expect(reading.otherDay).toMatchObject({ value: { date: '2026-12-04' } });
    expect(reading.dayIsTarget).toBe(true);
  });

  it('when "31/02" or "dia 15" is not a real date or a time follows, then no wrong day is read', () => {
    expect(read('31/02').day.status).toBe('absent');
    expect(read('às 15h').day.status).toBe('absent');
  });
});

describe('reading times and windows', () => {
  it.each([
    ['15h', { kind: 'at', time: '15:00' }],
    ['15:30', { kind: 'at', time: '15:30' }],
    ['às 3 da tarde', { kind: 'at', time: '15:00' }],
    ['8 da noite', { kind: 'at', time: '20:00' }],
    ['às 10', { kind: 'at', time: '10:00' }],
    ['meio dia', { kind: 'at', time: '12:00' }],
    ['as duas da tarde', { kind: 'at', time: '14:00' }],
    ['de manhã', { kind: 'window', from: '00:00', to: '12:00' }],
    ['de tarde', { kind: 'window', from: '12:00', to: '18:00' }],
    ['à noite', { kind: 'window', from: '18:00', to: '24:00' }],
    ['depois das 17h', { kind: 'window', from: '17:00', to: '24:00' }],
    ['antes das 11', { kind: 'window', from: '00:00', to: '11:00' }],
    ['entre 14 e 16h', { kind: 'window', from: '14:00', to: '16:00' }],
    ['o mais cedo possível', { kind: 'earliest' }],
  ])('when the customer writes "%s", then the time is %j', (text, expected) => {
    const { time } = read(text);
    expect(time.status === 'found' && time.value).toMatchObject(expected);
  });

  it('when a bare small hour is written ("às 3"), then it is the afternoon, marked as a guess', () => {
    expect(read('às 3').time).toMatchObject({ value: { time: '15:00' }, confidence: 'low' });
  });

  it('when a greeting has a period word ("boa tarde", "bom dia"), then it is not a window', () => {
    expect(read('boa tarde, tudo bem?').time.status).toBe('absent');
    expect(read('bom dia').time.status).toBe('absent');
  });

  it('when "dia 15" and "15/12" are written, then their numbers are not read as hours', () => {
    expect(read('dia 15').time.status).toBe('absent');
    expect(read('15/12').time.status).toBe('absent');
  });
});

describe('reading services and professionals', () => {
  it('when a service name is written without accents, in plural or with a typo, then it is found', () => {
    expect(read('coloracao').service).toMatchObject({ value: 4 });
    expect(read('manicuri').service).toMatchObject({ value: 3 });
    expect(read('unhas').service).toMatchObject({ value: 3 });
    expect(read('corte feminino').service).toMatchObject({ value: 1 });
  });

  it('when a word fits two services ("corte" with feminino and masculino), then the reading is ambiguous between them', () => {
    expect(read('quero um corte').service).toEqual({ status: 'ambiguous', options: [1, 2] });
  });

  it('when a salon word ("unha") fits exactly one service, then it is that one; with two that fit, it is ambiguous', () => {
    expect(read('fazer a unha').service).toMatchObject({ status: 'found', value: 3 });
    const twoNails: Catalog = { ...catalog, services: [...catalog.services, { id: 5, name: 'Manicure em gel', professionalIds: [14] }] };
    expect(readRequest({ text: 'fazer a unha', catalog: twoNails, today }).service).toEqual({ status: 'ambiguous', options: [3, 5] });
    expect(readRequest({ text: 'unha em gel', catalog: twoNails, today }).service).toMatchObject({ status: 'found', value: 5 });
  });

  it('when "com a Ju" fits Juliana and Julia, then it is ambiguous; the full name is found', () => {
    expect(read('corte com a Ju').professional).toEqual({ status: 'ambiguous', options: [11, 12] });
    expect(read('com a julia').professional).toMatchObject({ status: 'found', value: 12 });
    expect(read('com a juliana').professional).toMatchObject({ status: 'found', value: 11 });
    expect(read('com o Rafa').professional).toMatchObject({ status: 'found', value: 13 });
  });

  it('when a name after "com" is nobody here, then it is reported as unknown; "qualquer um" is any', () => {
    expect(read('corte com a Fernanda').professional).toEqual({ status: 'unknown', said: 'fernanda' });
    expect(read('qualquer um serve').professional).toMatchObject({ value: 'any' });
    expect(read('falar com uma pessoa').professional.status).toBe('absent');
  });
});

describe('reading intents', () => {
  it.each([
    ['quero marcar um horário', 'book'],
    ['cancela meu horário de sexta', 'cancel'],
    ['passa meu corte para sábado', 'reschedule'],
    ['quais meus agendamentos', 'list'],
    ['quanto custa?', 'prices'],
    ['quero falar com um atendente', 'human'],
    ['manicure amanhã', 'book'],
  ])('when the customer writes "%s", then the intent is %s', (text, intent) => {
    expect(read(text).intent).toMatchObject({ value: intent });
  });

  it('when the customer says goodbye ("obrigada, até amanhã!"), then it is thanks: no day is read and nothing is asked', () => {
    const reading = read('obrigada, até amanhã! 😘');
    expect(reading.intent).toMatchObject({ status: 'found', value: 'thanks' });
    expect(reading.day.status).toBe('absent');
    expect(read('obrigada! queria marcar outro corte amanhã').day.status).toBe('found');
  });

  it('when a message says nothing the reader knows, then every field is absent', () => {
    const reading = read('banana');
    expect([reading.intent, reading.service, reading.professional, reading.day, reading.time].map((field) => field.status)).toEqual([
      'absent',
      'absent',
      'absent',
      'absent',
      'absent',
    ]);
  });
});

describe('reading what is not a booking request', () => {
  it.each([
    ['meu cabelo ficou verde depois da coloração de ontem, urgente!!', 'complaint'],
    ['PÉSSIMO atendimento', 'complaint'],
    ['quero meu dinheiro de volta', 'complaint'],
    ['urgente!! me responde', 'complaint'],
    ['esquece, obrigada', 'leave'],
    ['deixa pra lá', 'leave'],
    ['não, deixa', 'leave'],
    ['cancela isso', 'leave'],
    ['mudei de ideia', 'leave'],
    ['não quero mais', 'leave'],
    ['não quero mais o corte de sexta', 'cancel'],
    ['qual o endereço?', 'address'],
    ['onde fica o salão?', 'address'],
    ['que horas vcs abrem no sábado?', 'hours'],
    ['abre domingo?', 'hours'],
    ['vcs aceitam pix?', 'payment'],
    ['obrigadaaa', 'thanks'],
    ['valeu, tchau', 'thanks'],
    ['👍', 'thanks'],
    ['ok', 'thanks'],
  ])('when the customer writes "%s", then the intent is %s', (text, intent) => {
    expect(read(text).intent).toMatchObject({ status: 'found', value: intent });
  });

  it('when "urgente" comes with a service to book, then it is a booking as soon as possible, not a complaint', () => {
    const reading = read('preciso cortar o cabelo urgente, o quanto antes');
    expect(reading.intent).toMatchObject({ value: 'book' });
    expect(reading.time).toMatchObject({ value: { kind: 'earliest' } });
  });

  it('when a booking also asks a question, then it stays a booking and the question is kept to answer', () => {
    const reading = read('corte amanhã às 15h, e onde fica?');
    expect(reading.intent).toMatchObject({ value: 'book' });
    expect(reading.asks).toEqual(['address']);
    expect(read('esquece, quero manicure amanhã').intent).toMatchObject({ value: 'book' });
  });

  it('when "depois do almoço", "fim do dia" or "tardinha" is written, then it is a window to show, never one time', () => {
    expect(read('depois do almoço').time).toMatchObject({
      value: { kind: 'window', from: '13:00', to: '24:00', label: 'depois do almoço' },
    });
    expect(read('mais pro fim do dia').time).toMatchObject({ value: { kind: 'window', from: '16:00', to: '24:00' } });
    expect(read('a tardinha').time).toMatchObject({ value: { kind: 'window', from: '16:00', to: '18:00' } });
  });
});

describe('reading a visit (several services)', () => {
  it('when two services are joined by "e", then both are read, in the order said; "ou" is a choice, not a visit', () => {
    expect(read('manicure e corte feminino amanhã').visit).toEqual([
      { status: 'found', value: 3, confidence: 'high' },
      { status: 'found', value: 1, confidence: 'high' },
    ]);
    expect(read('corte feminino ou manicure').visit).toEqual([]);
    expect(read('corte feminino amanhã').visit).toEqual([]);
  });

  it('when one part of a visit is unclear ("corte e unha"), then that part is ambiguous and the rest found', () => {
    const reading = read('quero corte e unha sexta');
    expect(reading.visit).toEqual([
      { status: 'ambiguous', options: [1, 2] },
      { status: 'found', value: 3, confidence: 'high' },
    ]);
    expect(reading.service).toEqual({ status: 'ambiguous', options: [1, 2] });
  });

  it('when the customer says "as duas", "os dois" or "no mesmo dia", then that is read; "às duas da tarde" is a time', () => {
    expect(read('quero as duas').all).toBe(true);
    expect(read('quero as duas').time.status).toBe('absent');
    expect(read('pode ser os dois amanhã').all).toBe(true);
    expect(read('as duas da tarde').all).toBe(false);
    expect(read('e uma escova no mesmo dia').sameDay).toBe(true);
  });
});
