/** Weekday keys of a tenant file's `hours`, indexed like `working_hours.weekday` (0 = Sunday). */
export const WEEKDAY_KEYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
export type WeekdayKey = (typeof WEEKDAY_KEYS)[number];
