import type { SoakChecks } from './checks.js';
import type { ReplicaFigures } from './soak-figures.js';

/** Everything that must be zero for the run to pass, named. */
export function soakFailures(checks: SoakChecks): string[] {
  const failures: string[] = [];
  if (checks.lostWamids.length > 0) failures.push(`${checks.lostWamids.length} inbound message(s) lost`);
  if (checks.duplicateReplies.length > 0) failures.push(`${checks.duplicateReplies.length} duplicate repl(ies) delivered to Meta`);
  if (checks.duplicateOutboxKeys > 0) failures.push(`${checks.duplicateOutboxKeys} outbound idempotency key(s) used twice`);
  if (checks.doubleBookings > 0) failures.push(`${checks.doubleBookings} double booking(s)`);
  const { deposits } = checks;
  if (checks.waitlist.offeredSlotsBookedTwice > 0)
    failures.push(`${checks.waitlist.offeredSlotsBookedTwice} waitlist-offered slot(s) booked more than once`);
  if (deposits.approvedNotBooked > 0) failures.push(`${deposits.approvedNotBooked} paid deposit(s) not booked`);
  if (deposits.lapsedNotFreed > 0) failures.push(`${deposits.lapsedNotFreed} lapsed deposit hold(s) not freed`);
  if (deposits.stuckPendingPayment > 0)
    failures.push(`${deposits.stuckPendingPayment} appointment(s) stuck pending_payment past their hold`);
  if (checks.unanswered.length > 0) failures.push(`${checks.unanswered.length} conversation(s) ended neither answered nor handed off`);
  return failures;
}

/** What must hold with --replica beside the zero-loss checks: the replica served reads, and every read after a write saw it. */
export function replicaFailures(replica: ReplicaFigures | undefined): string[] {
  if (!replica) return [];
  const failures: string[] = [];
  if (replica.lag.streaming === 0) failures.push('the read replica was never seen streaming');
  if (replica.consoleReadsOnReplica === 0) failures.push('the read replica served none of the console reads');
  const { checked, held } = replica.readYourWrites;
  if (checked === 0) failures.push('no read-your-writes check ran (no customer note written)');
  if (held < checked) failures.push(`${checked - held} read(s) right after a staff write did not see it`);
  if (replica.staffFailures.length > 0) failures.push(`${replica.staffFailures.length} console request(s) not answered 200`);
  return failures;
}
