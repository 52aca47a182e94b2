import { localDateOf, localTimeOf, weekdayOf } from './local-time.js';

const SHORT_WEEKDAYS = ['dom', 'seg', 'ter', 'qua', 'qui', 'sex', 'sáb'];

/** "qua 02/12 às 15:30": an instant as customers read it, in the tenant's zone (the reminder templates' format). */
export function formatDayTime(instant: Date, zone: string): string {
  const date = localDateOf(instant.getTime(), zone);
  return `${SHORT_WEEKDAYS[weekdayOf(date)]} ${date.slice(8, 10)}/${date.slice(5, 7)} às ${localTimeOf(instant.getTime(), zone)}`;
}
