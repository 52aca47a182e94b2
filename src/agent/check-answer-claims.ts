import { type AnswerDeclaration, type ClaimVerdict, type ConfirmedWrite, verifyAnswerClaims } from '../answer-claims/index.js';
import { listCustomerAppointments, localDateTimeOf, localSlotOf, readConfirmedChanges } from '../scheduling/index.js';
import type { RunSession } from './run-session.js';

/**
 * Gathers what the database confirms for this run (the rows its successful writes touched,
 * re-read, and the customer's booked appointments) and checks the answer against it with
 * verifyAnswerClaims. Queries run one after another: reads are cheap and the run is idle.
 */
export async function checkAnswerClaims(
  session: RunSession,
  answer: { text: string; declaration?: AnswerDeclaration },
): Promise<ClaimVerdict> {
  const { db, clock } = session.deps;
  const scope = { tenantId: session.input.tenantId, customerId: session.input.customerId };
  const changes = await readConfirmedChanges(db, scope, session.ledger.confirmedChanges());
  const writes: ConfirmedWrite[] = changes.map((change) => ({
    kind: change.kind,
    appointmentId: change.appointment.id,
    ...(change.previous ? { previousAppointmentId: change.previous.id, previous: localSlotOf(change.previous) } : {}),
    ...localSlotOf(change.appointment),
  }));
  const now = clock.now();
  const booked = await listCustomerAppointments(db, { ...scope, now });
  const zone = booked[0]?.timezone ?? changes[0]?.appointment.timezone;
  const today = zone ? localDateTimeOf(now.getTime(), zone).slice(0, 10) : undefined;
  return verifyAnswerClaims(answer, { writes, known: booked.map(localSlotOf), ...(today ? { today } : {}) });
}
