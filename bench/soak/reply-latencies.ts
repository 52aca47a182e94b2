import type { ModelCall } from '../../test/fakes/anthropic-loopback.js';
import type { CustomerPlan } from './customer-script.js';
import type { DriverResult } from './driver.js';

/** Statuses of a model call the SDK retries after a backoff (the fake's injected faults). */
const RETRIED_STATUSES = new Set([500, 529]);

/**
 * Per answered turn: webhook of its last message → first reply at Meta (`total`), and the same
 * minus the time spent waiting on the model for that customer meanwhile. `minusModel` counts as
 * model time every call's duration and, after a call that failed with 529/500, the gap until
 * that customer's next call starts: the SDK's retry backoff, waiting on an injected model
 * fault, not on the service. `minusModelCalls` subtracts the calls' durations only (the figure
 * before the retry gaps were counted). Calls are attributed to a customer by the unique name in
 * their user text; one conversation's calls never overlap, so the gaps are never counted twice.
 */
export function replyLatencies(plans: CustomerPlan[], driver: Pick<DriverResult, 'turns'>, calls: ModelCall[]) {
  const callsByCustomer = new Map<number, ModelCall[]>();
  let unattributed = 0;
  const patterns = plans.map((plan) => ({ index: plan.index, pattern: new RegExp(`\\b${plan.name}\\b(?! [A-Z])`) }));
  for (const call of calls) {
    const owner = patterns.find(({ pattern }) => pattern.test(call.userText));
    if (!owner) {
      unattributed++;
      continue;
    }
    callsByCustomer.set(owner.index, [...(callsByCustomer.get(owner.index) ?? []), call]);
  }
  for (const list of callsByCustomer.values()) list.sort((a, b) => a.startedAt - b.startedAt);
  const total: number[] = [];
  const minusModel: number[] = [];
  const minusModelCalls: number[] = [];
  for (const turn of driver.turns) {
    if (turn.repliedAt === undefined) continue;
    const repliedAt = turn.repliedAt;
    const elapsed = repliedAt - turn.lastSentAt;
    const inTurn = (callsByCustomer.get(turn.customerIndex) ?? []).filter(
      (call) => call.startedAt >= turn.firstSentAt && call.startedAt <= repliedAt,
    );
    const callTime = inTurn.reduce((sum, call) => sum + call.durationMs, 0);
    const retryWait = inTurn.reduce((sum, call, index) => {
      const next = inTurn[index + 1];
      if (!RETRIED_STATUSES.has(call.status) || !next) return sum;
      return sum + Math.max(0, next.startedAt - (call.startedAt + call.durationMs));
    }, 0);
    total.push(elapsed);
    minusModel.push(Math.max(0, elapsed - callTime - retryWait));
    minusModelCalls.push(Math.max(0, elapsed - callTime));
  }
  return { total, minusModel, minusModelCalls, unattributed };
}
