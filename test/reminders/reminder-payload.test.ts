import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseReminderButtonPayload, reminderButtonPayload, reminderTapOf } from '../../src/reminders/index.js';

const token = () => randomBytes(16).toString('base64url');

describe('reminder button payloads', () => {
  it('when a payload is built for each button, then parsing it gives back the action and the token', () => {
    for (const action of ['confirmar', 'remarcar', 'cancelar'] as const) {
      const value = token();
      expect(value).toHaveLength(22);
      expect(reminderButtonPayload(action, value)).toBe(`r1.${action}.${value}`);
      expect(parseReminderButtonPayload(reminderButtonPayload(action, value))).toEqual({ action, token: value });
    }
  });

  it('when a payload is not exactly r1.<known action>.<22-character base64url token>, then it is not a reminder tap', () => {
    const value = token();
    for (const payload of [
      `r2.confirmar.${value}`,
      `R1.confirmar.${value}`,
      `r1.confirm.${value}`,
      `r1.desmarcar.${value}`,
      `r1.confirmar.${value}x`,
      `r1.confirmar.${value.slice(1)}`,
      `r1.confirmar.${value.slice(0, 21)}=`,
      `r1.confirmar.${value.slice(0, 21)}+`,
      ` r1.confirmar.${value}`,
      `r1.confirmar.${value}\n`,
      `xr1.confirmar.${value}`,
      `r1.confirmar.${value}.r1.cancelar.${value}`,
      'CONFIRMAR_LEMBRETE',
      'r1.confirmar.',
      '',
    ]) {
      expect(parseReminderButtonPayload(payload), payload).toBeUndefined();
    }
  });

  it('when a stored message is a button reply with a reminder payload, then it is a tap; any other message is not', () => {
    const value = token();
    expect(reminderTapOf({ type: 'button', replyId: reminderButtonPayload('cancelar', value) })).toEqual({
      action: 'cancelar',
      token: value,
    });
    expect(reminderTapOf({ type: 'text', replyId: reminderButtonPayload('cancelar', value) })).toBeNull();
    expect(reminderTapOf({ type: 'button', replyId: 'CONFIRMAR_LEMBRETE' })).toBeNull();
    expect(reminderTapOf({ type: 'button', replyId: null })).toBeNull();
  });
});
