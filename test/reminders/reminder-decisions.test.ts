import { describe, expect, it } from 'vitest';
import { toGraphMessage } from '../../src/graph/index.js';
import {
  buildReminderMessage,
  decideReminderSend,
  lateCutoffMs,
  parseReminderButtonPayload,
  planReminders,
  REMINDER_ACTIONS,
  type ReminderSendInput,
  reminderButtonPayload,
  reminderButtonPayloads,
  reminderJobKey,
  templateErrorMeaning,
} from '../../src/reminders/index.js';
import { localDateTimeOf } from '../../src/shared/index.js';
import { templateMessageSchema } from './reminder-send-kit.js';

const TOKEN = 'b2xhLW11bmRvLXRva2VuMQ';
const setting = { beforeMinutes: 120, template: 'lembrete_agendamento', language: 'pt_BR' };
const template = { name: 'lembrete_agendamento', language: 'pt_BR' };

describe('reminder payloads', () => {
  it('builds r1.<action>.<token> in button order and parses it back', () => {
    expect(REMINDER_ACTIONS).toEqual(['confirmar', 'remarcar', 'cancelar']);
    expect(reminderButtonPayloads(TOKEN)).toEqual([`r1.confirmar.${TOKEN}`, `r1.remarcar.${TOKEN}`, `r1.cancelar.${TOKEN}`]);
    for (const action of REMINDER_ACTIONS) {
      expect(parseReminderButtonPayload(reminderButtonPayload(action, TOKEN))).toEqual({ action, token: TOKEN });
    }
  });

  it.each([
    ['another action', `r1.apagar.${TOKEN}`],
    ['another version', `r2.confirmar.${TOKEN}`],
    ['a short token', `r1.confirmar.${TOKEN.slice(1)}`],
    ['a padded token', `r1.confirmar.${TOKEN}==`],
    ['an appointment id instead of a token', 'r1.confirmar.12345'],
    ['extra text', `r1.confirmar.${TOKEN} `],
    ["a staff template's payload", 'Confirmar'],
    ['an erased row token', 'r1.confirmar.erased:17'],
  ])('refuses %s', (_label, payload) => {
    expect(parseReminderButtonPayload(payload)).toBeUndefined();
  });

  it('refuses to build a payload from a token of the wrong shape', () => {
    expect(() => reminderButtonPayload('confirmar', 'erased:17')).toThrow();
  });
});

describe('planning reminders', () => {
  const start = new Date('2026-12-02T18:00:00Z');

  it('keeps the offsets still ahead, earliest first, once each', () => {
    expect(planReminders(start, [120, 1440, 120], new Date('2026-12-01T12:00:00Z'))).toEqual([
      { beforeMinutes: 1440, dueAt: new Date('2026-12-01T18:00:00Z') },
      { beforeMinutes: 120, dueAt: new Date('2026-12-02T16:00:00Z') },
    ]);
    expect(planReminders(start, [1440, 120], new Date('2026-12-01T18:00:00Z'))).toEqual([
      { beforeMinutes: 120, dueAt: new Date('2026-12-02T16:00:00Z') },
    ]);
    expect(planReminders(start, [1440, 120], new Date('2026-12-02T17:00:00Z'))).toEqual([]);
  });

  it('counts minutes as elapsed time across a DST change (24 hours before 15:00 on the day clocks go forward is 14:00 local)', () => {
    const zone = 'America/New_York';
    const startsAt = new Date('2026-03-08T19:00:00Z'); // 15:00 EDT, the day DST starts
    const [reminder] = planReminders(startsAt, [1440], new Date('2026-03-01T00:00:00Z'));
    expect(localDateTimeOf(reminder!.dueAt.getTime(), zone)).toBe('2026-03-07T14:00');
  });

  it('keys one job per appointment and offset', () => {
    expect(reminderJobKey(42, 1440)).toBe('reminder:42:1440');
  });
});

describe('deciding a reminder at send time', () => {
  const base: ReminderSendInput = {
    reminder: {
      status: 'scheduled',
      beforeMinutes: 120,
      dueAt: new Date('2026-12-02T16:00:00Z'),
      startsAt: new Date('2026-12-02T18:00:00Z'),
      payloadToken: TOKEN,
    },
    appointment: { status: 'booked', startsAt: new Date('2026-12-02T18:00:00Z') },
    settings: [setting],
    hasRecipient: true,
    now: new Date('2026-12-02T16:00:05Z'),
  };
  const decide = (patch: Partial<ReminderSendInput>) => decideReminderSend({ ...base, ...patch });

  it('sends a due reminder of a booked or confirmed appointment with its current template', () => {
    expect(decide({})).toEqual({ kind: 'send', setting });
    expect(decide({ appointment: { ...base.appointment!, status: 'confirmed' } })).toEqual({ kind: 'send', setting });
  });

  it.each(['sent', 'skipped', 'late', 'failed', 'removed'])('does nothing for a reminder already %s', (status) => {
    expect(decide({ reminder: { ...base.reminder, status } })).toEqual({ kind: 'already_handled', status });
  });

  it('skips when the appointment is gone, no longer booked, or starts at another time', () => {
    expect(decide({ appointment: null })).toEqual({ kind: 'skip', reason: 'not_booked' });
    for (const status of ['cancelled', 'attended', 'no_show']) {
      expect(decide({ appointment: { ...base.appointment!, status } })).toEqual({ kind: 'skip', reason: 'not_booked' });
    }
    expect(decide({ appointment: { status: 'booked', startsAt: new Date('2026-12-02T19:00:00Z') } })).toEqual({
      kind: 'skip',
      reason: 'moved',
    });
  });

  it('drops a reminder past its cut-off (a quarter of its lead time, at most an hour) or after the start', () => {
    expect(lateCutoffMs(1440)).toBe(60 * 60_000);
    expect(lateCutoffMs(120)).toBe(30 * 60_000);
    expect(lateCutoffMs(30)).toBe(7.5 * 60_000);
    expect(decide({ now: new Date('2026-12-02T16:30:00Z') })).toEqual({ kind: 'send', setting });
    expect(decide({ now: new Date('2026-12-02T16:30:01Z') })).toEqual({ kind: 'late', reason: 'too_late', lateMs: 30 * 60_000 + 1000 });
    expect(
      decide({
        reminder: { ...base.reminder, beforeMinutes: 1440, dueAt: new Date('2026-12-01T18:00:00Z') },
        settings: [{ ...setting, beforeMinutes: 1440 }],
        now: new Date('2026-12-02T17:59:00Z'),
      }),
    ).toMatchObject({ kind: 'late', reason: 'too_late' });
    expect(decide({ now: new Date('2026-12-02T18:00:00Z') })).toMatchObject({ kind: 'late', reason: 'started' });
  });

  it('skips an erased customer, an offset no longer configured, and a customer with nobody to send to', () => {
    expect(decide({ reminder: { ...base.reminder, payloadToken: 'erased:17' } })).toEqual({ kind: 'skip', reason: 'erased' });
    expect(decide({ settings: [{ ...setting, beforeMinutes: 1440 }] })).toEqual({ kind: 'skip', reason: 'not_configured' });
    expect(decide({ hasRecipient: false })).toEqual({ kind: 'skip', reason: 'no_recipient' });
  });
});

describe('the reminder message', () => {
  const facts = {
    customerName: 'Maria\n  da\tSilva ',
    service: 'Corte',
    professional: 'Ana',
    startsAt: new Date('2026-12-02T18:30:00Z'),
    timezone: 'America/Sao_Paulo',
    business: 'Salão da Ana',
  };

  it('has five one-line body parameters in the contract order and the three payloads, and becomes a valid Graph template message', () => {
    const message = buildReminderMessage(facts, template, TOKEN);
    expect(message.template).toEqual({
      name: 'lembrete_agendamento',
      language: 'pt_BR',
      bodyParameters: ['Maria da Silva', 'Corte', 'Ana', 'qua 02/12 às 15:30', 'Salão da Ana'],
      quickReplyPayloads: reminderButtonPayloads(TOKEN),
    });
    expect(message.text).toBe(
      'Olá, Maria da Silva! Lembrete do seu horário de Corte com Ana em qua 02/12 às 15:30 (Salão da Ana). ' +
        'Você confirma sua presença? Toque em uma das opções abaixo.\n[Confirmar] [Remarcar] [Cancelar]',
    );
    const body = toGraphMessage('5511987654321', { type: 'template', text: message.text, payload: message.template });
    expect(templateMessageSchema.safeParse({ ...body, biz_opaque_callback_data: 'outbox:1' }).success).toBe(true);
  });

  it('greets a customer without a name as "cliente"', () => {
    expect(buildReminderMessage({ ...facts, customerName: null }, template, TOKEN).template.bodyParameters[0]).toBe('cliente');
    expect(buildReminderMessage({ ...facts, customerName: ' \u200b ' }, template, TOKEN).template.bodyParameters[0]).toBe('cliente');
  });
});

describe("Meta's template errors", () => {
  it('names the documented 132xxx codes and no others', () => {
    expect(templateErrorMeaning('132001')).toMatch(/does not exist/);
    expect(templateErrorMeaning('132015')).toMatch(/paused/);
    expect(templateErrorMeaning('132016')).toMatch(/disabled/);
    expect(templateErrorMeaning('132099')).toBe('template error');
    expect(templateErrorMeaning('131026')).toBeNull();
    expect(templateErrorMeaning(null)).toBeNull();
  });
});
