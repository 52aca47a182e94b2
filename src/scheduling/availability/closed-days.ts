import Holidays from 'date-holidays';
import { z } from 'zod';

/** The tenant's `holidays` block as stored (validated on import; anything else reads as none). */
const holidaySettingsSchema = z.object({
  country: z.string(),
  state: z.string().optional(),
  city: z.string().optional(),
  open: z.array(z.string()).optional(),
  closed: z.array(z.string()).optional(),
});

/** Name of a day the tenant file closes by hand (`holidays.closed`). */
export const CLOSED_DAY_NAME = 'dia de folga do estabelecimento';

/** Public holidays by year of one place, "YYYY-MM-DD" → name in Portuguese; the library's tables are built once per place. */
const cache = new Map<string, Map<number, Map<string, string>>>();

function publicHolidays(place: { country: string; state?: string | undefined; city?: string | undefined }, year: number) {
  const placeKey = [place.country, place.state ?? '', place.city ?? ''].join('/');
  let byYear = cache.get(placeKey);
  if (!byYear) {
    byYear = new Map();
    cache.set(placeKey, byYear);
  }
  let days = byYear.get(year);
  if (!days) {
    const library = new Holidays(place.country, place.state ?? '', place.city ?? '', { languages: ['pt'], types: ['public'] });
    days = new Map();
    for (const holiday of library.getHolidays(year) || []) {
      // Only whole public days close the salon (CONTRACT: half days and Carnaval go in `closed`).
      if (holiday.type === 'public' && holiday.date.endsWith('00:00:00')) days.set(holiday.date.slice(0, 10), holiday.name);
    }
    byYear.set(year, days);
  }
  return days;
}

/**
 * The closed days between two local dates (both included) under the tenant's `holidays`
 * block: the place's public holidays (date-holidays: country, state, city) except `open`
 * days, plus the `closed` days. Date → the name the customer hears ("Natal"). Empty when
 * the tenant has no block. Pure apart from the library's tables it caches.
 */
export function closedDaysBetween(stored: unknown, fromDate: string, toDate: string): Map<string, string> {
  const parsed = holidaySettingsSchema.safeParse(stored);
  const closed = new Map<string, string>();
  if (!parsed.success || fromDate > toDate) return closed;
  const settings = parsed.data;
  const open = new Set(settings.open ?? []);
  for (let year = Number(fromDate.slice(0, 4)); year <= Number(toDate.slice(0, 4)); year++) {
    for (const [date, name] of publicHolidays(settings, year)) {
      if (date >= fromDate && date <= toDate && !open.has(date)) closed.set(date, name);
    }
  }
  for (const date of settings.closed ?? []) if (date >= fromDate && date <= toDate && !closed.has(date)) closed.set(date, CLOSED_DAY_NAME);
  return closed;
}
