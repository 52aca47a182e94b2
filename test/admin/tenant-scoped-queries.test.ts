import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PrismaPg } from '@prisma/adapter-pg';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffAccount } from '../../src/auth/index.js';
import { plainOnlyKeyring } from '../../src/credentials/index.js';
import type { Db } from '../../src/db/index.js';
import { PrismaClient } from '../../src/generated/prisma/client.js';
import { requestHandoff } from '../../src/handoff/index.js';
import { FAKE_GRAPH_URL, GraphApiFake } from '../fakes/graph-api.js';
import { createCustomerWithData } from '../privacy/privacy-test-kit.js';
import { createTestConversation, createTestTenant, type TestTenant } from '../support/factories.js';
import { testDatabase } from '../support/test-database.js';
import { bearer, createAdminTestApp } from './admin-test-app.js';
import { insertTenantAppointment } from './agenda-test-kit.js';

const ADMIN_SOURCES = path.resolve(import.meta.dirname, '../../src/admin');

/** Every `router.<method>('<path>'` the admin component declares, as "METHOD /admin<path>". */
function declaredAdminRoutes(): string[] {
  const routes: string[] = [];
  // The calendar feed is not an admin API route: it is mounted at /calendar and found by its secret token.
  for (const file of readdirSync(ADMIN_SOURCES).filter((name) => name.endsWith('.ts') && name !== 'calendar-feed-route.ts')) {
    const source = readFileSync(path.join(ADMIN_SOURCES, file), 'utf8');
    for (const match of source.matchAll(/router\.(get|post|put|patch|delete)\(\s*'([^']+)'/g))
      routes.push(`${(match[1] as string).toUpperCase()} /admin${match[2]}`);
  }
  return routes.sort();
}

/**
 * Tables whose rows belong to one tenant: every table with a tenant_id column (read from
 * information_schema in beforeAll, so a new tenant table is checked without editing this
 * file; test/db/tenant-column.test.ts makes sure every tenant table has one), and the tenants
 * table itself.
 */
let tenantTables: string[] = [];

const tablesIn = (sql: string) => tenantTables.filter((table) => new RegExp(`(?:"public"\\.)?"?\\b${table}\\b"?`, 'i').test(sql));

/**
 * Is this statement confined to one tenant? It names `tenant_id` (a filter, or the column of
 * an insert), or reads the tenant's own row, or it is the API-key lookup (by the key's hash, before any tenant is known), or
 * an ORM relation load by the ids of rows a tenant-filtered statement just returned
 * (`"id" IN (...)` on the parent's foreign key).
 */
function isTenantScoped(sql: string): boolean {
  if (/tenant_id/i.test(sql)) return true;
  // The tenant's own row: its id is the tenant id.
  if (/FROM "public"\."tenants" WHERE \("public"\."tenants"\."id" = \$1/.test(sql)) return true;
  // The tenant's own row changed (a settings change or an imported file), found by its id like the read above.
  if (/^UPDATE "public"\."tenants" SET .* WHERE \("public"\."tenants"\."id" = \$\d+ AND 1=1\) RETURNING/s.test(sql)) return true;
  if (/"key_hash"\s*=/.test(sql)) return true;
  if (/^\s*(BEGIN|COMMIT|ROLLBACK|SET|SELECT 1)\b/i.test(sql)) return true;
  // A relation load has a bare condition; a lookup the code wrote (findFirst/findUnique) is wrapped in parentheses.
  return /WHERE\s+"public"\."\w+"\."id"\s+(?:IN\s*\(|=\s*\$1\s+LIMIT)/i.test(sql);
}

describe('every admin API query is confined to the caller’s tenant', () => {
  const statements: string[] = [];
  let db: Db;
  let tenant: TestTenant;
  let ids: {
    photo: number;
    staff: number;
    customer: number;
    conversation: number;
    closedConversation: number;
    handoff: number;
    appointment: number;
    pastAppointment: number;
    waitingAppointment: number;
  };
  let day: string;

  beforeAll(async () => {
    const database = await testDatabase();
    const withTenantColumn = await database.db.$queryRaw<{ table: string }[]>`
      SELECT table_name AS "table" FROM information_schema.columns WHERE table_schema = 'public' AND column_name = 'tenant_id'`;
    tenantTables = ['tenants', ...withTenantColumn.map((row) => row.table)];
    expect(tenantTables).toEqual(expect.arrayContaining(['messages', 'working_hours', 'professional_services', 'agent_history']));
    const logged = new PrismaClient({
      adapter: new PrismaPg({ connectionString: database.url, max: 4 }),
      log: [{ emit: 'event', level: 'query' }],
    });
    logged.$on('query', (event) => statements.push(event.query));
    db = logged as unknown as Db;
    tenant = await createTestTenant(database.db);
    const data = await createCustomerWithData(database.db, tenant, 'ESCOPO', {
      waId: '5511955550001',
      startsAt: new Date(Date.now() + 86_400_000),
    });
    await database.db.handoff.update({ where: { id: data.handoff.id }, data: { status: 'resolved' } });
    const open = await requestHandoff(database.db, { tenantId: tenant.id, conversationId: data.conversation.id, reason: 'refusal' });
    // A Wednesday a week or two ahead (both professionals work), as a São Paulo local date.
    const ahead = new Date(Date.now() + 7 * 86_400_000);
    ahead.setUTCDate(ahead.getUTCDate() + ((3 - ahead.getUTCDay() + 7) % 7));
    day = ahead.toISOString().slice(0, 10);
    const past = await insertTenantAppointment(database.db, tenant, {
      customerId: data.customer.id,
      professionalId: tenant.professionals[1]!.id,
      startsAt: new Date(Date.now() - 3 * 3_600_000),
    });
    // An appointment waiting for its deposit, for the deposit route.
    const waiting = await insertTenantAppointment(database.db, tenant, {
      customerId: data.customer.id,
      professionalId: tenant.professionals[1]!.id,
      startsAt: new Date(Date.now() + 48 * 3_600_000),
      status: 'pending_payment',
    });
    await database.db.deposit.create({
      data: {
        tenantId: tenant.id,
        appointmentId: waiting.id,
        amountCents: 1500,
        holdUntil: new Date(Date.now() + 600_000),
        chargeKey: `scope-${waiting.id}`,
      },
    });
    const attendant = await createStaffAccount(database.db, {
      slug: tenant.slug,
      email: 'escopo.atendente@example.com',
      name: 'Atendente Escopo',
      role: 'attendant',
    });
    if (attendant.kind !== 'created') throw new Error(`staff account not created: ${attendant.kind}`);
    // A chat whose 24-hour window closed, for the reopen template.
    await database.db.tenant.update({
      where: { id: tenant.id },
      data: { templates: { reopenConversation: { name: 'retomar_conversa', language: 'pt_BR' } } },
    });
    const closed = await createTestConversation(database.db, tenant.id, { lastInboundAt: new Date(Date.now() - 30 * 3_600_000) });
    // A customer's photo, for the media route.
    const photo = await database.db.message.create({
      data: {
        tenantId: tenant.id,
        conversationId: data.conversation.id,
        direction: 'inbound',
        author: 'customer',
        type: 'image',
        status: 'processed',
        payload: { message: { type: 'image', image: { id: '6100000001', mime_type: 'image/jpeg' } } },
      },
    });
    ids = {
      photo: photo.id,
      closedConversation: closed.conversation.id,
      staff: attendant.staffId,
      customer: data.customer.id,
      conversation: data.conversation.id,
      handoff: open.id,
      appointment: data.appointment.id,
      pastAppointment: past.id,
      waitingAppointment: waiting.id,
    };
  });
  afterAll(() => db.$disconnect());

  it('each declared route, called for real, only runs tenant-scoped statements', async () => {
    new GraphApiFake().addMedia('6100000001', Uint8Array.from([0xff, 0xd8, 0xff]), 'image/jpeg').install();
    const app = createAdminTestApp(db, {
      media: { baseUrl: FAKE_GRAPH_URL, version: 'v23.0', credentials: plainOnlyKeyring, timeoutMs: 5_000, maxBytes: 1_000_000 },
    });
    const auth = bearer(tenant.apiKey);
    const exercised: Record<string, () => Promise<{ status: number }>> = {
      'GET /admin/handoffs': () => request(app).get('/admin/handoffs?status=pending').set(auth),
      'POST /admin/handoffs/:id/claim': () =>
        request(app).post(`/admin/handoffs/${ids.handoff}/claim`).set(auth).send({ attendant: 'Rita' }),
      'GET /admin/conversations/:id': () => request(app).get(`/admin/conversations/${ids.conversation}`).set(auth),
      'POST /admin/conversations/:id/messages': () =>
        request(app).post(`/admin/conversations/${ids.conversation}/messages`).set(auth).send({ text: 'Oi!' }),
      'POST /admin/conversations/:id/notes': () =>
        request(app).post(`/admin/conversations/${ids.conversation}/notes`).set(auth).send({ text: 'Prefere sábado', attendant: 'Rita' }),
      'POST /admin/conversations/:id/reopen': () =>
        request(app).post(`/admin/conversations/${ids.closedConversation}/reopen`).set(auth).send({}),
      'POST /admin/handoffs/:id/resolve': () =>
        request(app).post(`/admin/handoffs/${ids.handoff}/resolve`).set(auth).send({ returnToBot: true }),
      'GET /admin/conversations': () => request(app).get('/admin/conversations?q=escopo&handledBy=bot').set(auth),
      'POST /admin/conversations/:id/takeover': () =>
        request(app).post(`/admin/conversations/${ids.conversation}/takeover`).set(auth).send({ attendant: 'Rita' }),
      'GET /admin/conversations/:id/messages/:messageId/media': () =>
        request(app).get(`/admin/conversations/${ids.conversation}/messages/${ids.photo}/media`).set(auth),
      'POST /admin/conversations/:id/media': () =>
        request(app)
          .post(`/admin/conversations/${ids.conversation}/media`)
          .set(auth)
          .field('attendant', 'Rita')
          .attach('file', Buffer.from('%PDF-1.4'), { filename: 'a.pdf', contentType: 'application/pdf' }),
      'GET /admin/assignees': () => request(app).get('/admin/assignees').set(auth),
      'POST /admin/conversations/:id/assign': () =>
        request(app).post(`/admin/conversations/${ids.conversation}/assign`).set(auth).send({ staffId: ids.staff }),
      'POST /admin/conversations/:id/return-to-bot': () =>
        request(app).post(`/admin/conversations/${ids.closedConversation}/return-to-bot`).set(auth).send({}),
      'GET /admin/stats/handoff-reasons': () => request(app).get('/admin/stats/handoff-reasons?from=2026-01-01&to=2027-01-01').set(auth),
      'GET /admin/stats/reminders': () => request(app).get('/admin/stats/reminders?from=2026-01-01&to=2028-01-01').set(auth),
      'GET /admin/stats/overview': () => request(app).get('/admin/stats/overview?from=2026-01-01&to=2026-12-31').set(auth),
      'POST /admin/quick-replies': () =>
        request(app).post('/admin/quick-replies').set(auth).send({ shortcut: 'pix', text: 'Chave Pix: CNPJ.' }),
      'GET /admin/waitlist': () => request(app).get('/admin/waitlist').set(auth),
      'GET /admin/quick-replies': () => request(app).get('/admin/quick-replies').set(auth),
      'GET /admin/services': () => request(app).get('/admin/services').set(auth),
      'GET /admin/professionals': () => request(app).get('/admin/professionals').set(auth),
      'POST /admin/professionals/:id/calendar-feed/rotate': () =>
        request(app).post(`/admin/professionals/${tenant.professionals[0]?.id}/calendar-feed/rotate`).set(auth),
      'GET /admin/availability': () =>
        request(app)
          .get(`/admin/availability?date=${day}&professionalId=${tenant.professionals[0]?.id}&serviceId=${tenant.services[0]?.id}`)
          .set(auth),
      'POST /admin/appointments': () =>
        request(app)
          .post('/admin/appointments')
          .set(auth)
          .send({
            professionalId: tenant.professionals[0]?.id,
            serviceId: tenant.services[0]?.id,
            start: `${day}T10:00`,
            customer: { name: 'Walk-in', phone: '(11) 98765-4321' },
          }),
      // The compact form (the console's) reads through the same statement; both forms are checked.
      'GET /admin/appointments': async () => {
        expect((await request(app).get(`/admin/appointments?date=${day}&compact=true`).set(auth)).status).toBe(200);
        return request(app).get(`/admin/appointments?date=${day}`).set(auth);
      },
      'GET /admin/appointments/:id': () => request(app).get(`/admin/appointments/${ids.appointment}`).set(auth),
      'POST /admin/appointments/:id/reschedule': () =>
        request(app)
          .post(`/admin/appointments/${ids.appointment}/reschedule`)
          .set(auth)
          .send({ start: `${day}T11:00`, notifyCustomer: false }),
      'POST /admin/appointments/:id/attendance': () =>
        request(app).post(`/admin/appointments/${ids.pastAppointment}/attendance`).set(auth).send({ status: 'attended' }),
      'POST /admin/appointments/:id/deposit': () =>
        request(app).post(`/admin/appointments/${ids.waitingAppointment}/deposit`).set(auth).send({ action: 'paid' }),
      'POST /admin/professionals/:id/blocks': () =>
        request(app)
          .post(`/admin/professionals/${tenant.professionals[1]?.id}/blocks`)
          .set(auth)
          .send({ from: `${day}T14:00`, to: `${day}T18:00`, reason: 'médico' }),
      'DELETE /admin/blocks/:id': async () => {
        const block = await db.professionalBlock.findFirstOrThrow({ where: { tenantId: tenant.id }, select: { id: true } });
        return request(app).delete(`/admin/blocks/${block.id}`).set(auth);
      },
      // The appointment just moved keeps its id.
      'POST /admin/appointments/:id/cancel': () =>
        request(app).post(`/admin/appointments/${ids.appointment}/cancel`).set(auth).send({ notifyCustomer: false }),
      'GET /admin/customers': () => request(app).get('/admin/customers?q=98765').set(auth),
      'GET /admin/customers/:id': () => request(app).get(`/admin/customers/${ids.customer}`).set(auth),
      'PATCH /admin/customers/:id': () =>
        request(app).patch(`/admin/customers/${ids.customer}`).set(auth).send({ notes: 'prefere as manhãs' }),
      'GET /admin/customers/:id/export': () => request(app).get(`/admin/customers/${ids.customer}/export`).set(auth),
      'DELETE /admin/customers/:id': () => request(app).delete(`/admin/customers/${ids.customer}`).set(auth),
      'GET /admin/staff': () => request(app).get('/admin/staff').set(auth),
      'POST /admin/staff': () => request(app).post('/admin/staff').set(auth).send({ email: 'escopo.nova@example.com', name: 'Nova' }),
      'POST /admin/staff/:id/disable': () => request(app).post(`/admin/staff/${ids.staff}/disable`).set(auth).send({}),
      'POST /admin/staff/:id/enable': () => request(app).post(`/admin/staff/${ids.staff}/enable`).set(auth).send({}),
      'PATCH /admin/staff/:id': () => request(app).patch(`/admin/staff/${ids.staff}`).set(auth).send({ role: 'owner' }),
      'POST /admin/staff/:id/reset-password': () => request(app).post(`/admin/staff/${ids.staff}/reset-password`).set(auth).send({}),
      'GET /admin/tenant-file': () => request(app).get('/admin/tenant-file').set(auth),
      'GET /admin/settings': () => request(app).get('/admin/settings').set(auth),
      'GET /admin/settings/changes': () => request(app).get('/admin/settings/changes').set(auth),
      'PUT /admin/settings': () =>
        request(app)
          .put('/admin/settings')
          .set(auth)
          .send({ booking: { minNoticeMinutes: 60 } }),
      'POST /admin/services': () => request(app).post('/admin/services').set(auth).send({ name: 'Escopo', durationMinutes: 30 }),
      'PATCH /admin/services/:id': () =>
        request(app).patch(`/admin/services/${tenant.services[0]?.id}`).set(auth).send({ priceCents: 5000 }),
      'POST /admin/professionals': () =>
        request(app)
          .post('/admin/professionals')
          .set(auth)
          .send({ name: 'Escopo Pro', services: ['corte'], hours: { mon: [['09:00', '12:00']] } }),
      'PATCH /admin/professionals/:id': () =>
        request(app).patch(`/admin/professionals/${tenant.professionals[0]?.id}`).set(auth).send({ name: 'Ana Maria' }),
      'POST /admin/resources': () => request(app).post('/admin/resources').set(auth).send({ name: 'Lavatório', count: 2 }),
      'GET /admin/resources': () => request(app).get('/admin/resources').set(auth),
      'PATCH /admin/resources/:id': async () => {
        const resource = await db.resource.findFirstOrThrow({ where: { tenantId: tenant.id, key: 'lavatorio' }, select: { id: true } });
        return request(app).patch(`/admin/resources/${resource.id}`).set(auth).send({ count: 3 });
      },
      'POST /admin/tenant-file': async () => {
        const file = (await request(app).get('/admin/tenant-file').set(auth)).body as { booking: Record<string, number> };
        return request(app)
          .post('/admin/tenant-file')
          .set(auth)
          .send({ ...file, booking: { ...file.booking, minNoticeMinutes: 30 } });
      },
    };
    expect(Object.keys(exercised).sort(), 'a declared admin route is not exercised here').toEqual(declaredAdminRoutes());

    const offenders: { route: string; sql: string }[] = [];
    for (const [route, call] of Object.entries(exercised)) {
      statements.length = 0;
      const response = await call();
      expect(response.status, route).toBeLessThan(300);
      for (const sql of statements.filter((statement) => tablesIn(statement).length > 0))
        if (!isTenantScoped(sql)) offenders.push({ route, sql: sql.slice(0, 300) });
    }
    expect(offenders).toEqual([]);
  });

  it('the check itself catches a lookup by id alone', () => {
    // The statement Prisma writes for findFirst({ where: { id } }) (seen in this test's own capture).
    expect(
      isTenantScoped(
        'SELECT "public"."handoffs"."id" FROM "public"."handoffs" WHERE ("public"."handoffs"."id" = $1 AND 1=1) LIMIT $2 OFFSET $3',
      ),
    ).toBe(false);
    expect(isTenantScoped('UPDATE "public"."messages" SET "text" = $1 WHERE "public"."messages"."id" = $2')).toBe(false);
    expect(
      isTenantScoped(
        'SELECT "public"."customers"."id" FROM "public"."customers" WHERE ("public"."customers"."id" = $1 AND 1=1) LIMIT $2 OFFSET $3',
      ),
    ).toBe(false);
    expect(isTenantScoped('SELECT id FROM appointments WHERE professional_id = $1::int AND status <> $2')).toBe(false);
  });
});
