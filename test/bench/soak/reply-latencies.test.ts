import { describe, expect, it } from 'vitest';
import type { CustomerPlan } from '../../../bench/soak/customer-script.js';
import type { TurnResult } from '../../../bench/soak/driver.js';
import { replyLatencies } from '../../../bench/soak/reply-latencies.js';
import type { ModelCall } from '../../fakes/anthropic-loopback.js';

const plan = (index: number, name: string): CustomerPlan => ({
  index,
  tenantIndex: 0,
  waId: `5511960000${index}`,
  name,
  turns: [['Oi']],
  target: { professional: 'Ana', service: 'corte', date: '2026-12-01', time: '10:00' },
  racing: false,
  asksForHuman: false,
  joinsWaitlist: false,
  startAfterMs: 0,
});

const call = (name: string, startedAt: number, durationMs: number, status = 200): ModelCall => ({
  startedAt,
  durationMs,
  status,
  outcome: status === 200 ? 'end_turn' : 'overloaded_error',
  toolNames: [],
  userText: `Oi, aqui é ${name}.`,
  inputTokens: 0,
  outputTokens: 0,
});

const turn = (customerIndex: number, firstSentAt: number, repliedAt: number): TurnResult => ({
  customerIndex,
  turn: 0,
  firstSentAt,
  lastSentAt: firstSentAt,
  repliedAt,
});

describe('reply latency minus model time', () => {
  const plans = [plan(0, 'Juliana Silva'), plan(1, 'Carla Silva')];

  it('when a call fails with 529 and the SDK retries after a backoff, then the backoff counts as model time too', () => {
    // 0 → 3000: call 1 (100 ms, 529), 700 ms backoff, call 2 (1000 ms, 200), reply at 3000.
    const calls = [call('Juliana Silva', 200, 100, 529), call('Juliana Silva', 1000, 1000)];
    const latency = replyLatencies(plans, { turns: [turn(0, 0, 3000)] }, calls);
    expect(latency.total).toEqual([3000]);
    expect(latency.minusModelCalls).toEqual([1900]);
    expect(latency.minusModel).toEqual([1200]);
  });

  it('when a call fails with 500, then the gap to the next call of the same customer counts, not one of another customer', () => {
    const calls = [
      call('Juliana Silva', 0, 500, 500),
      call('Carla Silva', 600, 300),
      call('Juliana Silva', 1500, 500),
      call('Carla Silva', 2500, 300, 529),
    ];
    const latency = replyLatencies(plans, { turns: [turn(0, 0, 2500), turn(1, 500, 4000)] }, calls);
    // Juliana: 2500 − 1000 calls − 1000 backoff; Carla: her 529 has no next call, so no gap.
    expect(latency.minusModel).toEqual([500, 2900]);
    expect(latency.minusModelCalls).toEqual([1500, 2900]);
  });

  it('when calls succeed, then the time between them (tools, the service) stays in', () => {
    const calls = [call('Juliana Silva', 100, 400), call('Juliana Silva', 900, 400)];
    const latency = replyLatencies(plans, { turns: [turn(0, 0, 2000)] }, calls);
    expect(latency.minusModel).toEqual([1200]);
    expect(latency.minusModelCalls).toEqual([1200]);
  });

  it('when a call names nobody, then it is counted as unattributed and not subtracted', () => {
    const calls = [{ ...call('Juliana Silva', 100, 400), userText: 'Oi' }];
    const latency = replyLatencies(plans, { turns: [turn(0, 0, 1000)] }, calls);
    expect(latency.unattributed).toBe(1);
    expect(latency.minusModel).toEqual([1000]);
  });
});
