import { settleDepositHold } from '../scheduling/appointments/index.js';
import type { DepositDeps } from './deposit-deps.js';
import type { LoadedDeposit } from './load-deposit.js';
import { tellCustomer } from './tell-customer.js';

/**
 * Gives the slot back: the appointment `pending_payment` → `expired` (through the domain's
 * status path, actor `payment`: the subscribers hear `status_changed` to `expired`, so the
 * waitlist can offer the slot), the deposit `expired` with why (`failure`, null for a hold that
 * simply ran out), and the customer told, all in one transaction. Anything no longer pending
 * (paid meanwhile, cancelled) is left alone. True when it released the hold.
 */
export async function releaseDepositHold(
  deps: DepositDeps,
  deposit: LoadedDeposit,
  release: { failure: string | null; text: string },
): Promise<boolean> {
  const outcome = await settleDepositHold(deps.scheduling, {
    tenantId: deposit.tenantId,
    appointmentId: deposit.appointment.id,
    settlement: 'expired',
    actor: { kind: 'payment' },
    now: deps.now(),
    afterChange: async (tx) => {
      await tx.deposit.updateMany({
        where: { id: deposit.id, status: 'pending' },
        data: { status: 'expired', failure: release.failure },
      });
      await tellCustomer(tx, {
        tenantId: deposit.tenantId,
        customerId: deposit.appointment.customerId,
        key: `${deposit.id}:released`,
        texts: [release.text],
      });
    },
  });
  return outcome.kind === 'changed';
}
