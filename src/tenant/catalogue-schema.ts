import Holidays from 'date-holidays';
import { z } from 'zod';
import { parseLocalDate } from '../shared/index.js';

/** The tenant file's key format (services, variants, professionals, resources). */
export const keySchema = z
  .string()
  .regex(/^[a-z0-9]+(?:[-_][a-z0-9]+)*$/, 'must be lowercase letters and digits, optionally joined by - or _');
const label = z.string().trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters');
// Messages are English, for the operator, as every other tenant-file message (parse-tenant-file.ts).
const minutes = (min: number, max: number) =>
  z
    .number()
    .int('must be a whole number of minutes')
    .min(min, `must be at least ${min} minutes`)
    .max(max, `must be at most ${max} minutes`);
/** Cents of a real: up to R$ 1.000.000,00, whole cents. */
const priceCents = z
  .number()
  .int('must be whole cents (6000 = R$ 60,00)')
  .min(0, 'must not be negative (cents, 6000 = R$ 60,00)')
  .max(100_000_000, 'must be at most 100000000 cents (R$ 1.000.000,00)');
const localDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a local date "YYYY-MM-DD"')
  .refine((text) => parseLocalDate(text) !== null, 'is not a real calendar date');

/** A variant of a service: chosen like a service; its duration and price default to the parent's. */
const variantSchema = z.strictObject({
  key: keySchema,
  name: label,
  durationMinutes: minutes(5, 24 * 60).optional(),
  priceCents: priceCents.optional(),
  priceFrom: z.boolean().optional(),
});

/** A service of the catalogue (CONTRACT.md, "Optional catalogue"). */
export const serviceSchema = z.strictObject({
  key: keySchema,
  name: label,
  durationMinutes: minutes(5, 24 * 60),
  /** what the customer pays, in cents */
  priceCents: priceCents.optional(),
  /** true: the price is a minimum ("a partir de") */
  priceFrom: z.boolean().optional(),
  /** the professional (and the resources) stay blocked this long after the service */
  bufferAfterMinutes: minutes(0, 240).optional(),
  /** keys of `resources`: one unit of each is held for the service's time and buffer */
  resources: z.array(keySchema).optional(),
  variants: z.array(variantSchema).optional(),
});

/** A professional's service: its key (a service's or a variant's), optionally with this professional's price and duration. */
export const professionalServiceSchema = z.union([
  keySchema,
  z.strictObject({ key: keySchema, priceCents: priceCents.optional(), durationMinutes: minutes(5, 24 * 60).optional() }),
]);

export const resourceSchema = z.strictObject({
  key: keySchema,
  name: label,
  count: z
    .number()
    .int('must be a whole number')
    .min(1, 'must be at least 1 (how many people can use it at once)')
    .max(1000, 'must be at most 1000'),
});

const holidayLibrary = new Holidays();

/**
 * Public holidays of a place (date-holidays' country, state and city codes: "BR", "SP", "SP"),
 * except the `open` days; `closed` adds days (a city's day the library lacks, Carnaval).
 */
export const holidaysSchema = z
  .strictObject({
    country: z.string().regex(/^[A-Z]{2}$/, 'must be a two-letter country code such as "BR"'),
    state: z
      .string()
      .regex(/^[A-Z0-9]{1,3}$/, 'must be a state code such as "SP"')
      .optional(),
    city: z.string().min(1).max(40).optional(),
    open: z.array(localDate).optional(),
    closed: z.array(localDate).optional(),
  })
  .superRefine((holidays, context) => {
    if (!(holidays.country in (holidayLibrary.getCountries() ?? {}))) {
      context.addIssue({
        code: 'custom',
        path: ['country'],
        message: `unknown country "${holidays.country}" (a date-holidays country code such as "BR")`,
      });
      return;
    }
    if (holidays.city !== undefined && holidays.state === undefined) {
      context.addIssue({ code: 'custom', path: ['city'], message: 'a city needs its state ("state": "SP")' });
    }
    if (holidays.state === undefined) return;
    const states = holidayLibrary.getStates(holidays.country) ?? {};
    if (!(holidays.state in states)) {
      context.addIssue({
        code: 'custom',
        path: ['state'],
        message: `unknown state "${holidays.state}" of ${holidays.country} (one of ${Object.keys(states).join(', ')})`,
      });
      return;
    }
    if (holidays.city === undefined) return;
    const cities = holidayLibrary.getRegions(holidays.country, holidays.state) ?? {};
    if (!(holidays.city in cities)) {
      const known = Object.keys(cities);
      context.addIssue({
        code: 'custom',
        path: ['city'],
        message: `unknown city "${holidays.city}" of ${holidays.country}-${holidays.state}${known.length > 0 ? ` (one of ${known.join(', ')}); put its days in "closed"` : ': put its days in "closed"'}`,
      });
    }
  });

export type ServiceEntry = z.output<typeof serviceSchema>;
export type ProfessionalServiceEntry = z.output<typeof professionalServiceSchema>;
export type ResourceEntry = z.output<typeof resourceSchema>;
export type HolidaySettings = z.output<typeof holidaysSchema>;

/** The key of a professional's service entry, written either way. */
export const serviceKeyOf = (entry: ProfessionalServiceEntry): string => (typeof entry === 'string' ? entry : entry.key);
