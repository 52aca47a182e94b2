import { describe, expect, it } from 'vitest';
import { planCustomers } from '../../../bench/soak/customer-script.js';
import { createRandom } from '../../fakes/random.js';

const plan = (depositBookers?: number) =>
  planCustomers({
    customers: 20,
    messagesPerCustomer: 3,
    tenants: 2,
    dates: ['2026-12-08', '2026-12-09', '2026-12-10'],
    random: createRandom(8),
    arrivalWindowMs: 3000,
    depositBookers,
  });

describe('deposit bookers in a soak plan', () => {
  it('when two are asked for, then the first two customers who neither race, nor ask for a person, nor join the waitlist book Coloração with Ana, keep the booking (no cancellation turn), and every other choice stays as drawn', () => {
    const drawn = plan();
    const planned = plan(2);
    const changed = planned.filter((customer, index) => JSON.stringify(customer) !== JSON.stringify(drawn[index]));
    const eligible = drawn.filter((customer) => !customer.racing && !customer.asksForHuman && !customer.joinsWaitlist);
    // The first two eligible customers, and no one else, now book Coloração with Ana on the day they drew.
    const firstTwo = eligible.slice(0, 2).map((customer) => customer.index);
    expect(changed.map((customer) => customer.index)).toEqual(firstTwo);
    for (const index of firstTwo) {
      expect(planned[index]!.target).toMatchObject({ professional: 'Ana', service: 'coloração', date: drawn[index]!.target.date });
      expect(planned[index]!.turns.flat().join(' ')).toContain('uma coloração com a Ana');
      expect(planned[index]!.turns.flat()).not.toContain('Preciso cancelar meu horário, por favor');
    }
    expect(planned.map((customer) => customer.startAfterMs)).toEqual(drawn.map((customer) => customer.startAfterMs));
  });
});
