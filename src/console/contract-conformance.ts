import type { StaffRole as StoredStaffRole } from '../auth/index.js';
import type { AppointmentSource, AppointmentStatus, HandoffStatus, RunExitOrRunning, Same, StaffRole } from '../contract/index.js';
import type { RunExit } from '../conversation/index.js';
import type { HandoffStatus as StoredHandoffStatus } from '../handoff/index.js';
import type {
  AppointmentSource as StoredAppointmentSource,
  AppointmentStatus as StoredAppointmentStatus,
} from '../scheduling/appointments/index.js';

type Holds<Check extends true> = Check;

/**
 * Compiles only while each union the console labels (src/contract/vocabularies.ts) is exactly
 * the server's own: a member added on either side fails `npm run check` here, and the
 * console's `Record<…, string>` label maps then fail until the new member has a label.
 */
export type ContractVocabulariesMatch = [
  Holds<Same<AppointmentStatus, StoredAppointmentStatus>>,
  Holds<Same<AppointmentSource, StoredAppointmentSource>>,
  Holds<Same<HandoffStatus, StoredHandoffStatus>>,
  Holds<Same<StaffRole, StoredStaffRole>>,
  Holds<Same<RunExitOrRunning, RunExit | 'running'>>,
];
