import type { Db } from '../db/index.js';
import type { MercadoPagoClient } from '../mercadopago/index.js';
import type { SchedulingDeps } from '../scheduling/appointments/index.js';
import type { Logger } from '../shared/index.js';

/** What the deposits' jobs and notification handling are given (wired in boot/). */
export interface DepositDeps {
  db: Db;
  scheduling: SchedulingDeps;
  mercadoPago: MercadoPagoClient;
  logger: Logger;
  now(): Date;
}
