import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildMessageWindow } from '../../src/agent/build-message-window.js';
import { lastCompleteSentence } from '../../src/agent/last-complete-sentence.js';
import type { Turn } from '../../src/agent/model-types.js';
import { toInputSchema } from '../../src/agent/to-input-schema.js';
import { toolCallFingerprint } from '../../src/agent/tool-call-fingerprint.js';

describe('agent loop helpers', () => {
  it('when text is cut mid-sentence, then it is trimmed to the last complete one; without one, an ellipsis marks the cut', () => {
    expect(lastCompleteSentence('Temos às 10h. E às 14h! Também às 16')).toBe('Temos às 10h. E às 14h!');
    expect(lastCompleteSentence('Horários:\n- 10h\n- 14')).toBe('Horários:\n- 10h');
    expect(lastCompleteSentence('O valor é R$ 45.50 e o')).toBe('O valor é R$ 45.50 e o…');
  });

  it('when two calls differ only in key order, then their fingerprints match', () => {
    expect(toolCallFingerprint('buscar_horarios', { data: '2026-12-02', profissional_id: 1, extra: { b: 1, a: 2 } })).toBe(
      toolCallFingerprint('buscar_horarios', { extra: { a: 2, b: 1 }, profissional_id: 1, data: '2026-12-02' }),
    );
    expect(toolCallFingerprint('buscar_horarios', { profissional_id: 1 })).not.toBe(toolCallFingerprint('agendar', { profissional_id: 1 }));
  });

  it('when a zod schema has unbounded ints, then the input_schema has neither their ±2^53 bounds nor $schema, and keeps the rest', () => {
    const schema = toInputSchema(
      z.object({ id: z.number().int().positive(), page: z.number().int().optional(), day: z.string().describe('Dia') }),
    );
    expect(schema).toEqual({
      type: 'object',
      properties: { id: { type: 'integer', exclusiveMinimum: 0 }, page: { type: 'integer' }, day: { type: 'string', description: 'Dia' } },
      required: ['id', 'day'],
    });
  });

  it('when history has consecutive turns of one role, then they are merged with tool results first', () => {
    const turns: (Turn & { id: number })[] = [
      { id: 1, role: 'user', content: [{ type: 'text', text: 'oi' }] },
      { id: 2, role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'x', input: {} }] },
      { id: 3, role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: '{}' }] },
      { id: 4, role: 'user', content: [{ type: 'text', text: 'e aí?' }] },
    ];
    expect(buildMessageWindow(turns, 40)).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'oi' }] },
      { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'x', input: {} }] },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 't1', content: '{}' },
          { type: 'text', text: 'e aí?' },
        ],
      },
    ]);
  });

  it("when the current run alone is longer than the window, then the window starts at the run's first turn anyway", () => {
    const turns: (Turn & { id: number })[] = [{ id: 10, role: 'user', content: [{ type: 'text', text: 'oi' }] }];
    for (let index = 0; index < 5; index++) {
      turns.push({ id: 11 + index * 2, role: 'assistant', content: [{ type: 'tool_use', id: `t${index}`, name: 'x', input: { index } }] });
      turns.push({ id: 12 + index * 2, role: 'user', content: [{ type: 'tool_result', tool_use_id: `t${index}`, content: '{}' }] });
    }
    const window = buildMessageWindow(turns, 4, 10);
    expect(window).toHaveLength(11);
    expect(window[0]).toEqual({ role: 'user', content: [{ type: 'text', text: 'oi' }] });
  });
});
