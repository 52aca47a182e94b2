import { Writable } from 'node:stream';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/index.js';
import { createLogger, fixedClock } from '../../src/shared/index.js';
import { NOW } from '../scheduling/scheduling-test-kit.js';
import { createTestConversation, createTestTenant, type TestTenant } from '../support/factories.js';
import { bearer, createAdminTestApp } from './admin-test-app.js';
import { insertTenantAppointment, type StaffApi, setUpAgenda, staffApi } from './agenda-test-kit.js';

describe('the front desk customers: search, record, notes', () => {
  let db: Db;
  let tenant: TestTenant;
  let api: StaffApi;
  let other: TestTenant;
  const lines: string[] = [];
  let app: ReturnType<typeof createAdminTestApp>;

  beforeAll(async () => {
    ({ db, tenant } = await setUpAgenda());
    other = await createTestTenant(db);
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    app = createAdminTestApp(db, { clock: fixedClock(NOW), logger: createLogger('info', undefined, sink) });
    api = staffApi(app, tenant.apiKey);
  });

  const patch = (apiKey: string, id: number, body: unknown) =>
    request(app)
      .patch(`/admin/customers/${id}`)
      .set(bearer(apiKey))
      .send(body as object);

  it('when staff type a phone in any format or a name, then the matching customers answer with their full phones', async () => {
    const { customer: joana } = await createTestConversation(db, tenant.id, { name: 'Joana Souza', waId: '5521998765432' });
    // An older WhatsApp account of a Brazilian mobile: its wa_id lacks the ninth digit.
    const { customer: old } = await createTestConversation(db, tenant.id, { name: 'Rui Lima', waId: '551187651234' });
    await createTestConversation(db, tenant.id, { name: 'Marta Dias', waId: '5531991112222' });
    // Another salon's customer with the same number and name is never found.
    await createTestConversation(db, other.id, { name: 'Joana Souza', waId: '5521998765432' });

    for (const typed of ['(21) 99876-5432', '+55 21 99876-5432', '21998765432', '5432', 'joana', 'SOUZA']) {
      const found = await api.get(`/admin/customers?q=${encodeURIComponent(typed)}`);
      expect(found.status, typed).toBe(200);
      expect(found.body.items, typed).toEqual([{ id: joana.id, name: 'Joana Souza', phone: '+5521998765432' }]);
    }
    const byNinthDigit = await api.get(`/admin/customers?q=${encodeURIComponent('(11) 98765-1234')}`);
    expect(byNinthDigit.body.items).toEqual([{ id: old.id, name: 'Rui Lima', phone: '+551187651234' }]);
    expect((await api.get('/admin/customers?q=Ninguém')).body.items).toEqual([]);

    const empty = await api.get('/admin/customers?q=');
    expect(empty.status).toBe(400);
    expect(empty.body.error.details).toEqual([{ path: 'query.q', message: 'informe o nome ou o telefone do cliente em "q"' }]);
  });

  it("when staff open a customer, then the record has notes, no-shows, every appointment with status and source, and the conversation; another salon's id is 404", async () => {
    const { customer, conversation } = await createTestConversation(db, tenant.id, { name: 'Carla Reis', waId: '5511955554444' });
    const [ana, bia] = tenant.professionals;
    const missed = await insertTenantAppointment(db, tenant, {
      customerId: customer.id,
      startsAt: '2026-11-20T13:00:00Z',
      status: 'no_show',
    });
    const came = await insertTenantAppointment(db, tenant, {
      customerId: customer.id,
      startsAt: '2026-11-25T13:00:00Z',
      status: 'attended',
    });
    const next = await insertTenantAppointment(db, tenant, {
      customerId: customer.id,
      startsAt: '2026-12-03T13:00:00Z',
      professionalId: bia!.id,
    });
    const moved = await api.post(`/admin/appointments/${next.id}/reschedule`, { start: '2026-12-03T14:00', notifyCustomer: false });
    expect(moved.status).toBe(200);
    expect(moved.body.appointment.id).toBe(next.id);

    const record = await api.get(`/admin/customers/${customer.id}`);

    expect(record.status).toBe(200);
    expect(record.body).toMatchObject({
      id: customer.id,
      name: 'Carla Reis',
      phone: '+5511955554444',
      notes: null,
      noShows: 1,
      conversations: [{ id: conversation.id }],
    });
    expect(
      record.body.appointments.map((item: { id: number; start: string; status: string; source: string; rescheduledAt: string | null }) => [
        item.id,
        item.start,
        item.status,
        item.source,
        item.rescheduledAt !== null,
      ]),
    ).toEqual([
      // Moved by staff, it keeps its id and the source of its booking, and says it was moved.
      [next.id, '2026-12-03T14:00', 'booked', 'bot', true],
      [came.id, '2026-11-25T10:00', 'attended', 'bot', false],
      [missed.id, '2026-11-20T10:00', 'no_show', 'bot', false],
    ]);
    expect(record.body.appointments[2]).toMatchObject({ professional: { id: ana!.id, name: ana!.name }, service: { name: 'Corte' } });

    expect((await staffApi(app, other.apiKey).get(`/admin/customers/${customer.id}`)).status).toBe(404);
    expect((await api.get('/admin/customers/999999')).body.error).toEqual({ code: 'not_found', message: 'Cliente não encontrado.' });
  });

  it("when staff correct the name and keep notes, then the record shows them; another salon's key changes nothing; bad bodies are refused in pt-BR", async () => {
    const { customer } = await createTestConversation(db, tenant.id, { name: 'joana s', waId: '5511944443333' });

    const changed = await patch(tenant.apiKey, customer.id, { name: ' Joana Silva ', notes: 'Alergia a amônia. Prefere manhãs.' });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ id: customer.id, name: 'Joana Silva', notes: 'Alergia a amônia. Prefere manhãs.' });
    expect(await db.customer.findUniqueOrThrow({ where: { id: customer.id }, select: { name: true, notes: true } })).toEqual({
      name: 'Joana Silva',
      notes: 'Alergia a amônia. Prefere manhãs.',
    });

    const foreign = await patch(other.apiKey, customer.id, { notes: 'outro salão' });
    expect(foreign.status).toBe(404);
    const refusedName = await patch(tenant.apiKey, customer.id, { name: '  ' });
    expect(refusedName.status).toBe(400);
    expect(refusedName.body.error.details).toEqual([{ path: 'body.name', message: 'o nome do cliente não pode ficar vazio' }]);
    expect((await patch(tenant.apiKey, customer.id, {})).status).toBe(400);
    expect((await patch(tenant.apiKey, customer.id, { phone: '11999999999' })).status).toBe(400);
    expect(await db.customer.findUniqueOrThrow({ where: { id: customer.id }, select: { name: true, notes: true } })).toEqual({
      name: 'Joana Silva',
      notes: 'Alergia a amônia. Prefere manhãs.',
    });

    const cleared = await patch(tenant.apiKey, customer.id, { notes: '' });
    expect(cleared.body.notes).toBeNull();
    // Notes are personal data: an LGPD erasure clears them with the name.
    await patch(tenant.apiKey, customer.id, { notes: 'Cliente fiel.' });
    expect((await api.delete(`/admin/customers/${customer.id}`)).status).toBe(200);
    expect((await api.get(`/admin/customers/${customer.id}`)).body).toMatchObject({ name: null, notes: null });
    // The log says a customer changed, never who they are or what the notes say.
    const log = lines.join('');
    expect(log).toContain('staff updated a customer');
    expect(log).not.toContain('5511944443333');
    expect(log).not.toContain('Alergia');
    expect(log).not.toContain('Joana');
  });
});
