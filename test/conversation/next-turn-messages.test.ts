import { describe, expect, it } from 'vitest';
import { nextTurnMessages } from '../../src/conversation/next-turn-messages.js';

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUv';
const text = (id: number) => ({ id, type: 'text', replyId: null });
const tapOf = (id: number, payload = `r1.confirmar.${TOKEN}`) => ({ id, type: 'button', replyId: payload });

describe('nextTurnMessages (pure)', () => {
  it('when there is no reminder tap, then every message is one turn', () => {
    expect(nextTurnMessages([text(1), text(2), text(3)]).map((message) => message.id)).toEqual([1, 2, 3]);
    expect(nextTurnMessages([])).toEqual([]);
  });

  it('when a reminder tap is among the messages, then it is a turn of its own, in its place', () => {
    const burst = [text(1), tapOf(2), text(3)];
    expect(nextTurnMessages(burst).map((message) => message.id)).toEqual([1]);
    expect(nextTurnMessages(burst.slice(1)).map((message) => message.id)).toEqual([2]);
    expect(nextTurnMessages(burst.slice(2)).map((message) => message.id)).toEqual([3]);
    expect(nextTurnMessages([tapOf(1), tapOf(2, `r1.cancelar.${TOKEN}`)]).map((message) => message.id)).toEqual([1]);
  });

  it('when a button payload is not a reminder payload, then it is an ordinary message', () => {
    const other = [text(1), tapOf(2, 'CONFIRMAR_LEMBRETE'), { id: 3, type: 'interactive', replyId: `r1.confirmar.${TOKEN}` }];
    expect(nextTurnMessages(other).map((message) => message.id)).toEqual([1, 2, 3]);
  });
});
