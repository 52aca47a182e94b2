import type { Queryable } from '../db/index.js';
import { readDepositRule, toAppointmentStatus } from '../scheduling/appointments/index.js';
import { type DepositStatus, toDepositStatus } from './deposit-status.js';

/** A deposit with what its jobs and its notification need: the appointment, the customer's conversation, the tenant's secrets (sealed). */
export interface LoadedDeposit {
  id: number;
  tenantId: number;
  status: DepositStatus;
  amountCents: number;
  holdUntil: Date;
  chargeKey: string;
  paymentId: string | null;
  pixCode: string | null;
  appointment: {
    id: number;
    status: ReturnType<typeof toAppointmentStatus>;
    startsAt: Date;
    customerId: number;
    service: string;
    professional: string;
  };
  tenant: {
    slug: string;
    name: string;
    timezone: string;
    /** sealed; null when the tenant has none */
    paymentAccessToken: string | null;
    refundUntilHours: number;
  };
}

/** Reads one deposit by id (optionally only of one tenant); null when there is none. */
export async function loadDeposit(db: Queryable, query: { depositId: number; tenantId?: number }): Promise<LoadedDeposit | null> {
  const row = await db.deposit.findFirst({
    where: { id: query.depositId, ...(query.tenantId === undefined ? {} : { tenantId: query.tenantId }) },
    select: {
      id: true,
      tenantId: true,
      status: true,
      amountCents: true,
      holdUntil: true,
      chargeKey: true,
      paymentId: true,
      pixCode: true,
      appointment: {
        select: {
          id: true,
          status: true,
          startsAt: true,
          customerId: true,
          service: { select: { name: true } },
          professional: { select: { name: true } },
        },
      },
      tenant: { select: { slug: true, name: true, timezone: true, paymentAccessToken: true, payments: true } },
    },
  });
  if (!row) return null;
  return {
    id: row.id,
    tenantId: row.tenantId,
    status: toDepositStatus(row.status),
    amountCents: row.amountCents,
    holdUntil: row.holdUntil,
    chargeKey: row.chargeKey,
    paymentId: row.paymentId,
    pixCode: row.pixCode,
    appointment: {
      id: row.appointment.id,
      status: toAppointmentStatus(row.appointment.status),
      startsAt: row.appointment.startsAt,
      customerId: row.appointment.customerId,
      service: row.appointment.service.name,
      professional: row.appointment.professional.name,
    },
    tenant: {
      slug: row.tenant.slug,
      name: row.tenant.name,
      timezone: row.tenant.timezone,
      paymentAccessToken: row.tenant.paymentAccessToken,
      refundUntilHours: readDepositRule(row.tenant.payments)?.refundUntilHours ?? 0,
    },
  };
}
