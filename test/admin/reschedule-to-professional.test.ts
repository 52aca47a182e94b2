import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/index.js';
import { createGraphApiClient } from '../../src/graph/index.js';
import { sendOutboundMessage } from '../../src/outbox/index.js';
import { silentLogger } from '../../src/shared/index.js';
import { FAKE_GRAPH_URL, GraphApiFake } from '../fakes/graph-api.js';
import { createTestTenant, type TestTenant } from '../support/factories.js';
import { insertBookedCustomer, type StaffApi, setUpAgenda, staffApi } from './agenda-test-kit.js';

const graphClient = () =>
  createGraphApiClient({ baseUrl: FAKE_GRAPH_URL, version: 'v23.0', maxRetries: 0, logger: silentLogger, baseDelayMs: 1 });

describe('staff move an appointment to another professional', () => {
  let db: Db;
  let tenant: TestTenant;
  let api: StaffApi;

  beforeAll(async () => {
    ({ db, tenant, api } = await setUpAgenda({ name: 'Salão da Ana' }));
  });
  const [ana, bia] = [() => tenant.professionals[0]!, () => tenant.professionals[1]!];

  it('when staff move Ana’s Corte to Bia at another time, then it keeps its id, Bia has it, it reads as moved (never cancelled) and the customer is told Bia’s name', async () => {
    const graph = new GraphApiFake().install();
    const { appointment } = await insertBookedCustomer(db, tenant, '2026-12-02T14:00:00Z', { name: 'Maria Lima' });

    const response = await api.post(`/admin/appointments/${appointment.id}/reschedule`, {
      start: '2026-12-02T15:00',
      professionalId: bia().id,
    });

    expect(response.status).toBe(200);
    expect(response.body.appointment).toMatchObject({
      start: '2026-12-02T15:00',
      status: 'booked',
      professional: { id: bia().id, name: 'Bia' },
    });
    expect(response.body.appointment.id).toBe(appointment.id);
    expect(response.body.previous).toMatchObject({
      id: appointment.id,
      start: '2026-12-02T11:00',
      status: 'booked',
      professional: { id: ana().id, name: 'Ana' },
    });
    expect(response.body.notification).toEqual({ customerNotified: true, channel: 'whatsapp_text' });
    const day = await api.get('/admin/appointments?date=2026-12-02');
    const rows = day.body.items.map(
      (item: {
        id: number;
        status: string;
        professional: { id: number };
        rescheduledToId: number | null;
        rescheduledAt: string | null;
      }) => [item.id, item.status, item.professional.id, item.rescheduledToId, item.rescheduledAt],
    );
    expect(rows).toEqual([[appointment.id, 'booked', bia().id, null, expect.stringMatching(/^2026-\d\d-\d\dT\d\d:\d\d$/)]]);
    const detail = await api.get(`/admin/appointments/${appointment.id}`);
    // Inserted directly by the test (no creation entry): the move is its whole history.
    expect(detail.body.history.map((entry: { change: string }) => entry.change)).toEqual(['rescheduled']);
    expect(detail.body.history[0].details).toMatchObject({
      professionalId: { from: ana().id, to: bia().id },
      startsAt: { from: '2026-12-02T14:00:00.000Z', to: '2026-12-02T18:00:00.000Z' },
      source: 'staff',
    });
    const pending = await db.message.findMany({ where: { tenantId: tenant.id, direction: 'outbound', status: 'pending' } });
    for (const row of pending)
      await sendOutboundMessage({ db, graph: graphClient(), logger: silentLogger }, row.id, { attempt: 1, maxAttempts: 5 });
    expect(graph.acceptedTexts()).toEqual([
      'Olá, Maria! Seu agendamento de Corte com Bia foi remarcado de qua 02/12 às 11:00 para qua 02/12 às 15:00 pelo Salão da Ana. Se o novo horário não servir, é só responder esta mensagem.',
    ]);
  });

  it('when the professional does not do the service, or is another salon’s, then the move is refused and nothing changes', async () => {
    const { appointment } = await insertBookedCustomer(db, tenant, '2026-12-03T14:00:00Z');
    // Coloração is Ana's only: Bia does not do it.
    const coloracao = tenant.services[1]!;
    await db.appointment.update({
      where: { id: appointment.id },
      data: { serviceId: coloracao.id, endsAt: new Date('2026-12-03T15:30:00Z') },
    });
    const notOffered = await api.post(`/admin/appointments/${appointment.id}/reschedule`, {
      start: '2026-12-03T15:00',
      professionalId: bia().id,
      notifyCustomer: false,
    });
    expect(notOffered.status).toBe(422);
    expect(notOffered.body.error.code).toBe('service_not_offered');
    expect(notOffered.body.error.message).toContain('Bia não faz Coloração');

    const other = await createTestTenant(db);
    const foreign = await api.post(`/admin/appointments/${appointment.id}/reschedule`, {
      start: '2026-12-03T15:00',
      professionalId: other.professionals[0]!.id,
      notifyCustomer: false,
    });
    expect(foreign.status).toBe(404);
    // And another salon's key cannot move this appointment at all.
    const stranger = await staffApi((await setUpAgenda()).app, other.apiKey).post(`/admin/appointments/${appointment.id}/reschedule`, {
      start: '2026-12-03T15:00',
      professionalId: other.professionals[0]!.id,
    });
    expect(stranger.status).toBe(404);
    expect(
      await db.appointment.findUniqueOrThrow({ where: { id: appointment.id }, select: { status: true, professionalId: true } }),
    ).toEqual({
      status: 'booked',
      professionalId: ana().id,
    });
    expect(await db.appointmentEvent.count({ where: { appointmentId: appointment.id, change: 'rescheduled' } })).toBe(0);
  });
});
