import { describe, expect, it } from 'vitest';
import { planCustomers, rampArrivalMs } from '../../../bench/soak/customer-script.js';
import { createRandom } from '../../fakes/random.js';

const plan = (arrivals: 'uniform' | 'ramp', customers = 400) =>
  planCustomers({
    customers,
    messagesPerCustomer: 3,
    tenants: 4,
    dates: ['2026-12-01', '2026-12-02'],
    random: createRandom(11),
    arrivalWindowMs: 100_000,
    raceShare: 0,
    arrivals,
  });

/** Customers arrived in each tenth of the window. */
const arrivalsPerTenth = (times: number[], windowMs: number) => {
  const counts = Array.from({ length: 10 }, () => 0);
  for (const time of times) counts[Math.min(9, Math.floor((time / windowMs) * 10))]! += 1;
  return counts;
};

describe('ramp arrivals', () => {
  it('when placed on a ramp, then the first customer comes at once, the last near the end, in order', () => {
    const times = Array.from({ length: 100 }, (_, index) => rampArrivalMs(index, 100, 60_000));
    expect(times[0]).toBe(0);
    expect(times[25]).toBe(30_000);
    expect(times[99]).toBeGreaterThan(59_000);
    expect(times[99]).toBeLessThanOrEqual(60_000);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it('when placed on a ramp, then arrivals per tenth of the window grow linearly (1, 3, 5, … 19 parts of 100)', () => {
    const times = Array.from({ length: 1000 }, (_, index) => rampArrivalMs(index, 1000, 100_000));
    const counts = arrivalsPerTenth(times, 100_000);
    counts.forEach((count, tenth) => {
      expect(Math.abs(count - (2 * tenth + 1) * 10)).toBeLessThanOrEqual(1);
    });
  });

  it('when a soak plans a ramp, then customers arrive ever denser, where a uniform plan stays flat', () => {
    const ramp = arrivalsPerTenth(
      plan('ramp').map((customer) => customer.startAfterMs),
      100_000,
    );
    const uniform = arrivalsPerTenth(
      plan('uniform').map((customer) => customer.startAfterMs),
      100_000,
    );
    expect(ramp[0]).toBeLessThan(10);
    expect(ramp[9]).toBeGreaterThan(65);
    expect(Math.max(...uniform) - Math.min(...uniform)).toBeLessThan(30);
  });

  it('when the same seed plans a ramp, then only the arrival times differ from the uniform plan', () => {
    const strip = (plans: ReturnType<typeof plan>) => plans.map(({ startAfterMs: _, ...rest }) => rest);
    expect(strip(plan('ramp', 40))).toEqual(strip(plan('uniform', 40)));
  });
});
