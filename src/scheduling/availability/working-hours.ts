import { dayClock, weekdayOf } from '../../shared/index.js';
import type { ProfessionalSchedule } from './load-schedule.js';

/**
 * Whether [start, end) (epoch ms) lies inside one of the professional's working intervals
 * on local `date`, measured in real time as availability measures its slots (so a day with
 * a DST change comes out right). Pure.
 */
export function isWithinWorkingHours(schedule: ProfessionalSchedule, date: string, start: number, end: number): boolean {
  const intervals = schedule.hoursByWeekday[weekdayOf(date)] ?? [];
  if (intervals.length === 0) return false;
  const clock = dayClock(date, schedule.settings.timezone);
  return intervals.some(([from, to]) => start >= clock.instantOf(from) && end <= clock.instantOf(to));
}
