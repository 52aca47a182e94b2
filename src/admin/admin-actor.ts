import type { AppointmentActor } from '../scheduling/index.js';
import type { AdminContext } from './admin-context.js';

/** Who an admin request acts as, for appointment histories: the API key it carries. */
export function actorOf(context: AdminContext): AppointmentActor {
  return { kind: 'api_key', apiKeyId: context.apiKeyId };
}
