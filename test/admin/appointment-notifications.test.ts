import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/index.js';
import { createGraphApiClient } from '../../src/graph/index.js';
import { sendOutboundMessage } from '../../src/outbox/index.js';
import { silentLogger } from '../../src/shared/index.js';
import { FAKE_GRAPH_URL, GraphApiFake } from '../fakes/graph-api.js';
import type { TestTenant } from '../support/factories.js';
import { insertBookedCustomer, type StaffApi, setUpAgenda } from './agenda-test-kit.js';

const graphClient = () =>
  createGraphApiClient({ baseUrl: FAKE_GRAPH_URL, version: 'v23.0', maxRetries: 0, logger: silentLogger, baseDelayMs: 1 });

describe('cancel, reschedule and attendance from the API tell the customer once', () => {
  let db: Db;
  let tenant: TestTenant;
  let api: StaffApi;

  beforeAll(async () => {
    ({ db, tenant, api } = await setUpAgenda({ name: 'Salão da Ana' }));
  });

  /** Runs the send job for every queued outbound message, as the worker would. */
  const deliverOutbox = async () => {
    const pending = await db.message.findMany({
      where: { tenantId: tenant.id, direction: 'outbound', status: 'pending' },
      orderBy: { id: 'asc' },
    });
    for (const row of pending)
      await sendOutboundMessage({ db, graph: graphClient(), logger: silentLogger }, row.id, { attempt: 1, maxAttempts: 5 });
  };

  /** A WhatsApp customer (last message `lastInboundAt`) booked with Ana at `start` (UTC). */
  const bookedCustomer = (startsAt: string, lastInboundAt: Date | null = new Date()) =>
    insertBookedCustomer(db, tenant, startsAt, { name: 'Maria Lima', lastInboundAt });

  it('when staff cancel inside the 24-hour window, then one pt-BR text reaches WhatsApp, and cancelling again sends nothing more', async () => {
    const graph = new GraphApiFake().install();
    const { appointment, conversation } = await bookedCustomer('2026-12-02T13:00:00Z');
    const response = await api.post(`/admin/appointments/${appointment.id}/cancel`, { notifyCustomer: true });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      appointment: { id: appointment.id, status: 'cancelled' },
      alreadyCancelled: false,
      notification: { customerNotified: true, channel: 'whatsapp_text' },
    });
    const again = await api.post(`/admin/appointments/${appointment.id}/cancel`);
    expect(again.body).toMatchObject({ alreadyCancelled: true, notification: { customerNotified: false } });
    await deliverOutbox();
    expect(graph.acceptedTexts()).toEqual([
      'Olá, Maria! Seu agendamento de Corte com Ana em qua 02/12 às 10:00 foi cancelado pelo Salão da Ana. Se quiser marcar outro horário, é só responder esta mensagem.',
    ]);
    expect(await db.message.count({ where: { conversationId: conversation.id, direction: 'outbound' } })).toBe(1);
  });

  it('when staff reschedule inside the window, then the customer gets one text with the old and new times', async () => {
    const graph = new GraphApiFake().install();
    const { appointment } = await bookedCustomer('2026-12-02T14:00:00Z');
    const response = await api.post(`/admin/appointments/${appointment.id}/reschedule`, { start: '2026-12-02T14:30' });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      // The same appointment (its source is who booked it; the history says staff moved it).
      appointment: { id: appointment.id, start: '2026-12-02T14:30', status: 'booked', source: 'bot' },
      previous: { id: appointment.id, start: '2026-12-02T11:00', status: 'booked' },
      notification: { customerNotified: true, channel: 'whatsapp_text' },
    });
    await deliverOutbox();
    expect(graph.acceptedTexts()).toEqual([
      'Olá, Maria! Seu agendamento de Corte com Ana foi remarcado de qua 02/12 às 11:00 para qua 02/12 às 14:30 pelo Salão da Ana. Se o novo horário não servir, é só responder esta mensagem.',
    ]);
    expect(response.body.appointment.id).toBe(appointment.id);
    expect((await api.get(`/admin/appointments/${appointment.id}`)).body).toMatchObject({
      rescheduledFromId: null,
      rescheduledToId: null,
      // Inserted directly by the test (no creation entry): the move is its whole history.
      history: [{ change: 'rescheduled', details: { startsAt: { from: '2026-12-02T14:00:00.000Z', to: '2026-12-02T17:30:00.000Z' } } }],
    });
  });

  it('when the reschedule target is taken, then 409 slot_taken, nothing changes and nobody is told', async () => {
    new GraphApiFake().install();
    const { appointment } = await bookedCustomer('2026-12-03T13:00:00Z');
    await bookedCustomer('2026-12-03T14:00:00Z');
    const before = await db.message.count({ where: { tenantId: tenant.id, direction: 'outbound' } });
    const response = await api.post(`/admin/appointments/${appointment.id}/reschedule`, { start: '2026-12-03T11:00' });
    expect(response.status).toBe(409);
    expect(response.body.error.code).toBe('slot_taken');
    expect((await db.appointment.findUniqueOrThrow({ where: { id: appointment.id } })).status).toBe('booked');
    expect(await db.message.count({ where: { tenantId: tenant.id, direction: 'outbound' } })).toBe(before);
  });

  it('when the customer has not written in 24 hours and there is no template, then the response says so and nothing goes to Meta', async () => {
    const graph = new GraphApiFake().install();
    const twoDaysAgo = new Date(Date.now() - 48 * 3_600_000);
    const cancelled = await bookedCustomer('2026-12-04T13:00:00Z', twoDaysAgo);
    const moved = await bookedCustomer('2026-12-04T15:00:00Z', twoDaysAgo);
    const cancel = await api.post(`/admin/appointments/${cancelled.appointment.id}/cancel`, {});
    expect(cancel.body.appointment.status).toBe('cancelled');
    expect(cancel.body.notification).toMatchObject({ customerNotified: false, reason: 'outside_window_without_template' });
    expect(cancel.body.notification.message).toContain('24 horas');
    const reschedule = await api.post(`/admin/appointments/${moved.appointment.id}/reschedule`, { start: '2026-12-04T16:00' });
    expect(reschedule.body.notification).toMatchObject({ customerNotified: false, reason: 'outside_window_without_template' });
    await deliverOutbox();
    expect(graph.sends()).toEqual([]);
    expect(await db.message.count({ where: { conversationId: { in: [cancelled.conversation.id, moved.conversation.id] } } })).toBe(0);
  });

  it('when outside the window the tenant has an appointmentChanged template, then that template is sent once', async () => {
    const graph = new GraphApiFake().install();
    await db.tenant.update({
      where: { id: tenant.id },
      data: { templates: { appointmentChanged: { name: 'agendamento_alterado', language: 'pt_BR' } } },
    });
    try {
      const { appointment } = await bookedCustomer('2026-12-05T13:00:00Z', new Date(Date.now() - 48 * 3_600_000));
      const cancel = await api.post(`/admin/appointments/${appointment.id}/cancel`, {});
      expect(cancel.body.notification).toEqual({ customerNotified: true, channel: 'whatsapp_template' });
      await deliverOutbox();
      expect(graph.sends()).toHaveLength(1);
      expect(graph.sends()[0]!.body).toMatchObject({
        type: 'template',
        template: {
          name: 'agendamento_alterado',
          language: { code: 'pt_BR' },
          components: [
            {
              type: 'body',
              parameters: ['Maria Lima', 'Corte', 'Ana', 'sáb 05/12 às 10:00', 'Salão da Ana', 'cancelado'].map((text) => ({
                type: 'text',
                text,
              })),
            },
          ],
        },
      });
    } finally {
      await db.tenant.update({ where: { id: tenant.id }, data: { templates: {} } });
    }
  });

  it('when a walk-in who never wrote on WhatsApp is cancelled, then the response says they could not be told', async () => {
    const booked = await api.post('/admin/appointments', {
      professionalId: tenant.professionals[0]!.id,
      serviceId: tenant.services[0]!.id,
      start: '2026-12-07T10:00',
      customer: { name: 'Zé', phone: '(11) 95555-1212' },
    });
    const cancel = await api.post(`/admin/appointments/${booked.body.id}/cancel`, {});
    expect(cancel.body.notification).toMatchObject({ customerNotified: false, reason: 'no_whatsapp_conversation' });
  });

  it('when attendance is recorded, then only appointments that started accept it, and a cancelled one is refused', async () => {
    const future = await bookedCustomer('2026-12-08T13:00:00Z');
    const early = await api.post(`/admin/appointments/${future.appointment.id}/attendance`, { status: 'attended' });
    expect(early.status).toBe(422);
    expect(early.body.error.code).toBe('not_started');

    const started = await bookedCustomer('2026-12-01T11:45:00Z');
    const attended = await api.post(`/admin/appointments/${started.appointment.id}/attendance`, { status: 'attended' });
    expect(attended.status).toBe(200);
    expect(attended.body.appointment.status).toBe('attended');
    const corrected = await api.post(`/admin/appointments/${started.appointment.id}/attendance`, { status: 'no_show' });
    expect(corrected.body.appointment.status).toBe('no_show');
    const history = (await api.get(`/admin/appointments/${started.appointment.id}`)).body.history;
    expect(history.map((entry: { change: string }) => entry.change)).toEqual(['attended', 'no_show']);

    const cancelledStart = await bookedCustomer('2026-12-09T13:00:00Z');
    await api.post(`/admin/appointments/${cancelledStart.appointment.id}/cancel`, { notifyCustomer: false });
    const refused = await api.post(`/admin/appointments/${cancelledStart.appointment.id}/attendance`, { status: 'no_show' });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('appointment_cancelled');
  });
});
