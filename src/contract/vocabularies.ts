// The server's unions the console shows a label for. The server checks at compile time that
// each is exactly its own (src/console/contract-conformance.ts); the console keys its labels
// by them (`Record<AppointmentStatus, string>`), so a new member fails the console's build
// until it has a label.

/** `appointments.status` (scheduling/appointments/appointment-status.ts) */
export type AppointmentStatus = 'booked' | 'confirmed' | 'cancelled' | 'attended' | 'no_show' | 'pending_payment' | 'expired';
/** `appointments.source` */
export type AppointmentSource = 'bot' | 'staff' | 'reminder' | 'waitlist';
/** `handoffs.status` (handoff/handoff-status.ts) */
export type HandoffStatus = 'pending' | 'claimed' | 'resolved';
/** `agent_runs.exit` (conversation/run-exit.ts), or `running` for a run not finished */
export type RunExitOrRunning = 'success' | 'limit' | 'gave_up' | 'need_help' | 'refused' | 'error' | 'cancelled' | 'running';
/** a console account's role (staff/staff-role.ts) */
export type StaffRole = 'owner' | 'attendant';
