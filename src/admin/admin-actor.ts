import type { AppointmentActor } from '../scheduling/appointments/index.js';
import type { AdminContext } from './admin-context.js';

/**
 * Who an admin request acts as, for appointment histories: the signed-in console account,
 * or the API key an integration carries.
 */
export function actorOf(context: AdminContext): AppointmentActor {
  return context.actor.kind === 'staff'
    ? { kind: 'staff_account', staffAccountId: context.actor.staffId }
    : { kind: 'api_key', apiKeyId: context.actor.apiKeyId };
}
