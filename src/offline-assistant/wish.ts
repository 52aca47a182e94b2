import { z } from 'zod';

const localDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const hourMinute = z.string().regex(/^\d{2}:\d{2}$/);

export const daySpecSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('date'), date: localDate }),
  z.object({ kind: z.literal('range'), from: localDate, to: localDate }),
]);

export const timeSpecSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('at'), time: hourMinute, period: z.enum(['manha', 'tarde', 'noite']) }),
  z.object({ kind: z.literal('window'), from: hourMinute, to: hourMinute, label: z.string().max(40) }),
  z.object({ kind: z.literal('earliest') }),
]);

/**
 * What the customer's sentence already said and the current step has not used yet
 * ("corte amanhã às 15h" while the service is being chosen from an ambiguous list): the
 * later steps apply it instead of asking again.
 */
export const wishSchema = z.object({
  professional: z.union([z.number().int().positive(), z.literal('any')]).optional(),
  day: daySpecSchema.optional(),
  time: timeSpecSchema.optional(),
  /** The other services of a visit ("cabelo e unha" while "cabelo" is being asked): booked right after the one chosen. */
  also: z.array(z.number().int().positive()).max(2).optional(),
});
export type Wish = z.output<typeof wishSchema>;

/** True when the wish carries nothing (so a step without one looks exactly as before). */
export const isEmptyWish = (wish: Wish | undefined): boolean =>
  !wish || (wish.professional === undefined && wish.day === undefined && wish.time === undefined && !wish.also?.length);
