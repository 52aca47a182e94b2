import { describe, expect, it } from 'vitest';
import { localToday } from '../../../src/offline-assistant/local-dates.js';
import { readRequest } from '../../../src/offline-assistant/understanding/index.js';
import { corpus, demoCatalog, FIELDS, labelsOf } from './corpus-labels.js';

const today = localToday(new Date(corpus.now), corpus.timezone);

describe('the pt-BR request reader against the WhatsApp corpus', () => {
  const results = corpus.messages.map((message) => ({
    message,
    read: labelsOf(readRequest({ text: message.text, catalog: demoCatalog, today })),
  }));

  it('when every corpus message is read, then at least 90 % of the fields are right', () => {
    expect(corpus.messages.length).toBeGreaterThanOrEqual(80);
    const perField = FIELDS.map((field) => ({
      field,
      right: results.filter(({ message, read }) => message[field] === read[field]).length,
    }));
    const right = perField.reduce((sum, { right }) => sum + right, 0);
    const total = results.length * FIELDS.length;
    const lines = perField.map(
      ({ field, right }) => `${field.padEnd(12)} ${right}/${results.length} (${((100 * right) / results.length).toFixed(1)} %)`,
    );
    const wrong = results.flatMap(({ message, read }) =>
      FIELDS.filter((field) => message[field] !== read[field]).map(
        (field) => `  "${message.text}" ${field}: expected ${message[field]}, read ${read[field]}`,
      ),
    );
    console.log(
      [
        `offline request reader, ${results.length} messages:`,
        ...lines,
        `all fields   ${right}/${total} (${((100 * right) / total).toFixed(1)} %)`,
        ...wrong,
      ].join('\n'),
    );
    expect(right / total).toBeGreaterThanOrEqual(0.9);
  });

  it('when the reader is wrong about a day or a time, then it never reads it as a sure thing', () => {
    // A wrong reading with high confidence would be the one to reach the customer unchecked;
    // the flow confirms every booking anyway (see sentence-flow.test.ts), this keeps the
    // reader honest about its guesses.
    const sureAndWrong = results.filter(({ message, read }) => {
      const reading = readRequest({ text: message.text, catalog: demoCatalog, today });
      return (
        (read.day !== message.day && reading.day.status === 'found' && reading.day.confidence === 'high' && message.day !== null) ||
        (read.time !== message.time && reading.time.status === 'found' && reading.time.confidence === 'high' && message.time !== null)
      );
    });
    expect(sureAndWrong.map(({ message }) => message.text)).toEqual([]);
  });

  it('when the acceptance messages of the issue are read, then they are in the corpus and read right', () => {
    const acceptance = [
      'quero marcar corte feminino amanhã às 15h com a Juliana',
      'tem horário sexta de tarde?',
      'cancela meu horário de sexta',
      'passa meu corte para sábado às 10h',
    ];
    for (const text of acceptance) {
      const entry = results.find(({ message }) => message.text === text);
      expect(entry, text).toBeDefined();
      for (const field of FIELDS) expect(entry?.read[field], `${text} → ${field}`).toBe(entry?.message[field]);
    }
  });
});
