import { Router } from 'express';
import type { CustomerRecord, Sent } from '../contract/index.js';
import type { Db } from '../db/index.js';
import type { StaffReads } from '../http/index.js';
import { eraseCustomerData, exportCustomerData } from '../privacy/index.js';
import { toAppointmentSource, toAppointmentStatus } from '../scheduling/appointments/index.js';
import {
  loadCustomerRecord,
  type CustomerRecord as StoredCustomerRecord,
  searchCustomers,
  updateCustomer,
} from '../scheduling/customers/index.js';
import { AppError, type Clock, type Logger, localDateTimeOf } from '../shared/index.js';
import { type AdminContext, adminContextOf } from './admin-context.js';
import { customerChangesBodySchema, customerSearchQuerySchema } from './customer-request-schemas.js';
import { parseRequest } from './parse-request.js';
import { idParamsSchema } from './request-schemas.js';
import { staffPhone } from './staff-phone.js';

const customerNotFound = () => new AppError('not_found', 'Cliente não encontrado.', 404);

/**
 * LGPD requests are the owner's: a console attendant is refused; the tenant API key (held by
 * whoever set the integration up) may make them. Returns who asked, for the audit log.
 */
function ownerOf(context: AdminContext): string {
  if (context.actor.kind === 'api_key') return `api-key:${context.actor.apiKeyId}`;
  if (context.actor.role !== 'owner') throw new AppError('forbidden', 'only the owner may export or erase customer data', 403);
  return `staff:${context.actor.staffId}`;
}

/**
 * The front desk's customers: `GET /customers?q=` finds them by name or phone (any format),
 * `GET /customers/:id` is one customer's record, `PATCH /customers/:id` corrects the name and
 * keeps staff's notes. Phones are answered in full (staff call customers back), never logged.
 *
 * LGPD requests (art. 18) for one customer of the caller's tenant: `GET …/export` answers
 * everything stored about them as JSON; `DELETE` erases their personal data and keeps
 * appointments and stats anonymised. Both are recorded in `privacy_requests` without
 * personal data; another tenant's customer answers 404 like a missing one.
 */
export function createCustomerRoutes(deps: { db: Db; logger: Logger; clock: Clock; reads: StaffReads }): Router {
  const router = Router();

  router.get('/customers', async (request, response) => {
    const { tenantId } = adminContextOf(response);
    const { q } = parseRequest(customerSearchQuerySchema, 'query', request.query);
    const found = await deps.reads.run(request, response, ({ db }) => searchCustomers(db, { tenantId, q }));
    response.json({ items: found.map((customer) => ({ id: customer.id, name: customer.name, phone: staffPhone(customer.waId) })) });
  });

  router.get('/customers/:id', async (request, response) => {
    const { tenantId, timezone } = adminContextOf(response);
    const { id } = parseRequest(idParamsSchema, 'params', request.params);
    const record = await deps.reads.run(request, response, ({ db }) => loadCustomerRecord(db, { tenantId, customerId: id }));
    if (!record) throw customerNotFound();
    response.json(toCustomerRecordBody(record, timezone));
  });

  router.patch('/customers/:id', async (request, response) => {
    const { tenantId, timezone } = adminContextOf(response);
    const { id } = parseRequest(idParamsSchema, 'params', request.params);
    const changes = parseRequest(customerChangesBodySchema, 'body', request.body);
    const updated = await updateCustomer(deps.db, { tenantId, customerId: id, changes });
    if (!updated) throw customerNotFound();
    deps.logger.info({ tenantId, customerId: id, fields: Object.keys(changes) }, 'staff updated a customer');
    const record = await loadCustomerRecord(deps.db, { tenantId, customerId: id });
    if (!record) throw customerNotFound();
    response.json(toCustomerRecordBody(record, timezone));
  });

  router.get('/customers/:id/export', async (request, response) => {
    const context = adminContextOf(response);
    const { tenantId } = context;
    const actor = ownerOf(context);
    const { id } = parseRequest(idParamsSchema, 'params', request.params);
    const exported = await exportCustomerData(deps.db, { tenantId, customerId: id, now: deps.clock.now(), actor });
    if (!exported) throw customerNotFound();
    deps.logger.info({ tenantId, customerId: id }, 'customer data exported');
    response.set('Content-Disposition', `attachment; filename="customer-${id}.json"`).json(exported);
  });

  router.delete('/customers/:id', async (request, response) => {
    const context = adminContextOf(response);
    const { tenantId } = context;
    const actor = ownerOf(context);
    const { id } = parseRequest(idParamsSchema, 'params', request.params);
    const erased = await eraseCustomerData(deps.db, { tenantId, customerId: id, actor });
    if (erased.kind === 'not_found') throw customerNotFound();
    deps.logger.info({ tenantId, customerId: id, requestId: erased.requestId, rows: erased.rows }, 'customer personal data erased');
    response.json({ erased: true, requestId: erased.requestId, rows: erased.rows });
  });

  return router;
}

/** A customer record as the API answers it: full phone, local appointment times, ISO conversation instants. */
function toCustomerRecordBody(record: StoredCustomerRecord, timezone: string): Sent<CustomerRecord> {
  const local = (instant: Date) => localDateTimeOf(instant.getTime(), timezone);
  return {
    id: record.id,
    name: record.name,
    phone: staffPhone(record.waId),
    username: record.username,
    notes: record.notes,
    noShows: record.noShows,
    appointments: record.appointments.map((appointment) => ({
      id: appointment.id,
      start: local(appointment.startsAt),
      end: local(appointment.endsAt),
      status: toAppointmentStatus(appointment.status),
      source: toAppointmentSource(appointment.source),
      professional: appointment.professional,
      service: appointment.service,
      rescheduledToId: appointment.rescheduledToId,
      rescheduledAt: appointment.rescheduledAt ? local(appointment.rescheduledAt) : null,
    })),
    conversations: record.conversations.map((conversation) => ({
      id: conversation.id,
      lastInboundAt: conversation.lastInboundAt?.toISOString() ?? null,
      updatedAt: conversation.updatedAt.toISOString(),
    })),
  };
}
