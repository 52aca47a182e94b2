import { describe, expect, it } from 'vitest';
import { steadyStateCost } from '../../../bench/soak/steady-state.js';
import { series } from './capacity-series.js';

describe('CPU per message in the steady middle of a run', () => {
  it('leaves out the first and last tenth of the drive, where start-up and the drain cost more per message', () => {
    // 100 s of drive at 5 msg/s, then 20 s of drain; the first and last 10 s burn a whole extra core.
    const samples = series(120, (index) => ({
      ...(index < 10 || (index >= 90 && index < 100) ? { worker2: 1.2 } : {}),
      ...(index >= 100 ? { sent: 500 } : {}),
    }));
    const steady = steadyStateCost(samples);
    // The window is seconds 10–89: web 0.2 + workers 0.4 + PostgreSQL 0.2 cores for 5 messages a second.
    expect(steady?.messages).toBe(400);
    expect(steady?.rate).toBeCloseTo(5, 5);
    expect(steady?.perMessageMs.web).toBeCloseTo(40, 5);
    expect(steady?.perMessageMs.worker).toBeCloseTo(80, 5);
    expect(steady?.perMessageMs.postgres).toBeCloseTo(40, 5);
    expect(steady?.perMessageMs.all).toBeCloseTo(160, 5);
  });

  it('when the drive is too short to have a middle, then there is no figure', () => {
    expect(steadyStateCost(series(5))).toBeUndefined();
    expect(steadyStateCost([])).toBeUndefined();
  });
});
