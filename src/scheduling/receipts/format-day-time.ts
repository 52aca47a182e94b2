import { localDateOf, localTimeOf, weekdayOf } from '../../shared/index.js';

const SHORT_WEEKDAYS = ['dom', 'seg', 'ter', 'qua', 'qui', 'sex', 'sáb'];

/** An instant as customers read it in messages, in the tenant's zone: "qua 02/12 às 15:30". */
export function formatDayTime(instant: number, zone: string): string {
  const date = localDateOf(instant, zone);
  return `${SHORT_WEEKDAYS[weekdayOf(date)]} ${date.slice(8, 10)}/${date.slice(5, 7)} às ${localTimeOf(instant, zone)}`;
}
