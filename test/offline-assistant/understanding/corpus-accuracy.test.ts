import { describe, expect, it } from 'vitest';
import { readRequest } from '../../../src/offline-assistant/understanding/index.js';
import { localToday } from '../../../src/shared/index.js';
import { corpus, demoCatalog, FIELDS, type LabelledRequest, labelsOf } from './corpus-labels.js';

const today = localToday(new Date(corpus.now), corpus.timezone);
const percent = (right: number, total: number) => `${right}/${total} (${((100 * right) / total).toFixed(1)} %)`;

describe('the pt-BR request reader against the WhatsApp corpus', () => {
  const results = corpus.messages.map((message) => ({
    message,
    read: labelsOf(readRequest({ text: message.text, catalog: demoCatalog, today })),
  }));
  const rightFields = (subset: typeof results, field: (typeof FIELDS)[number]) =>
    subset.filter(({ message, read }) => message[field] === read[field]).length;

  it('when every corpus message is read, then at least 90 % of the fields of each set are right (printed per field and per set)', () => {
    expect(corpus.messages.length).toBeGreaterThanOrEqual(200);
    const lines = FIELDS.map((field) => `${field.padEnd(14)} ${percent(rightFields(results, field), results.length)}`);
    const bySet = (['development', 'held-out'] as LabelledRequest['set'][]).map((set) => {
      const subset = results.filter(({ message }) => message.set === set);
      const right = FIELDS.reduce((sum, field) => sum + rightFields(subset, field), 0);
      return `${`set ${set}`.padEnd(14)} ${percent(right, subset.length * FIELDS.length)} of ${subset.length} messages' fields`;
    });
    const right = FIELDS.reduce((sum, field) => sum + rightFields(results, field), 0);
    const total = results.length * FIELDS.length;
    const wrong = results.flatMap(({ message, read }) =>
      FIELDS.filter((field) => message[field] !== read[field]).map(
        (field) => `  wrong: "${message.text}" ${field}: expected ${message[field]}, read ${read[field]}`,
      ),
    );
    console.log(
      [`offline request reader, ${results.length} messages:`, ...lines, ...bySet, `all fields     ${percent(right, total)}`, ...wrong].join(
        '\n',
      ),
    );
    expect(right / total).toBeGreaterThanOrEqual(0.9);
    for (const set of ['development', 'held-out'] as const) {
      const subset = results.filter(({ message }) => message.set === set);
      const rightInSet = FIELDS.reduce((sum, field) => sum + rightFields(subset, field), 0);
      expect(rightInSet / (subset.length * FIELDS.length), set).toBeGreaterThanOrEqual(0.9);
    }
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
