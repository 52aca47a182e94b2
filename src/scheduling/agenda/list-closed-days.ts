import { closedDaysBetween } from '../availability/index.js';

/** A closed day of the tenant (a holiday or a day the tenant file closes), with its name. */
export interface ClosedDay {
  date: string;
  name: string;
}

/**
 * The closed days between two local dates, both included, soonest first, under the tenant's
 * stored `holidays` block (read by the agenda's own query: see listAgendaRange). Pure.
 */
export function closedDayList(holidays: unknown, fromDate: string, toDate: string): ClosedDay[] {
  const days = closedDaysBetween(holidays, fromDate, toDate);
  return [...days].map(([date, name]) => ({ date, name })).sort((a, b) => (a.date < b.date ? -1 : 1));
}
