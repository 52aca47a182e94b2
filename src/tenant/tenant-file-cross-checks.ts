import type { z } from 'zod';
import { CLOCK_TIME_PATTERN, clockTimeOf, minutesOfDay, parseLocalDateTime } from '../shared/index.js';
import { addCatalogueIssues } from './catalogue-cross-checks.js';
import { MAX_REMINDERS_PER_APPOINTMENT } from './reminder-settings.js';
import { WEEKDAY_KEYS } from './weekday-keys.js';

type Context = z.RefinementCtx;
type Path = (string | number)[];

/**
 * Rules that span several fields of a tenant file. Runs on the raw input even when other
 * parts failed to parse (so one run names every problem), skipping whatever is malformed:
 * those parts already have their own issue.
 */
export function addCrossFieldIssues(file: unknown, context: Context): void {
  const report = (path: Path, message: string) => context.addIssue({ code: 'custom', path, message });
  const root = asRecord(file);
  if (!root) return;
  const services = Array.isArray(root.services) ? root.services : [];
  const professionals = Array.isArray(root.professionals) ? root.professionals : [];
  const serviceKeys = addCatalogueIssues(root, checkUniqueKeys(services, 'services', 'service', report), report);
  checkUniqueKeys(professionals, 'professionals', 'professional', report);

  professionals.forEach((entry, index) => {
    const professional = asRecord(entry);
    if (!professional) return;
    const base: Path = ['professionals', index];
    if (Array.isArray(professional.services)) {
      const seen = new Set<string>();
      professional.services.forEach((serviceEntry, position) => {
        const serviceKey = typeof serviceEntry === 'string' ? serviceEntry : asRecord(serviceEntry)?.key;
        if (typeof serviceKey !== 'string') return;
        if (services.length > 0 && !serviceKeys.has(serviceKey)) {
          report([...base, 'services', position], `unknown service key "${serviceKey}" (not in services)`);
        } else if (seen.has(serviceKey)) {
          report([...base, 'services', position], `service "${serviceKey}" is listed twice`);
        }
        seen.add(serviceKey);
      });
    }
    const hours = asRecord(professional.hours);
    for (const day of WEEKDAY_KEYS) {
      const intervals = hours?.[day];
      if (Array.isArray(intervals)) checkDayIntervals(intervals, [...base, 'hours', day], report);
    }
    if (Array.isArray(professional.timeOff)) {
      professional.timeOff.forEach((period, position) => {
        const { from, to } = asRecord(period) ?? {};
        if (typeof from !== 'string' || typeof to !== 'string') return;
        if (!parseLocalDateTime(from) || !parseLocalDateTime(to)) return;
        // Same fixed-width format: string order is time order.
        if (from >= to) report([...base, 'timeOff', position], `time off ${from} – ${to} ends before it starts`);
      });
    }
  });
  if (Array.isArray(root.reminders)) checkReminderOffsets(root.reminders, asRecord(root.booking)?.horizonDays, report);
  if (Array.isArray(root.quickReplies)) checkUniqueShortcuts(root.quickReplies, report);
  const deposit = asRecord(asRecord(root.payments)?.deposit);
  if (deposit && Array.isArray(deposit.services)) checkDepositServices(deposit.services, services, serviceKeys, report);
}

/**
 * A deposit names known services (or variants), once each, and each has a price (or its parent
 * has): a deposit is a percent of it.
 */
function checkDepositServices(
  listed: unknown[],
  services: unknown[],
  serviceKeys: ReadonlySet<string>,
  report: (path: Path, message: string) => void,
): void {
  const priced = new Set<string>();
  for (const entry of services) {
    const service = asRecord(entry);
    if (!service || typeof service.key !== 'string') continue;
    const parentPriced = typeof service.priceCents === 'number';
    if (parentPriced) priced.add(service.key);
    for (const variantEntry of Array.isArray(service.variants) ? service.variants : []) {
      const variant = asRecord(variantEntry);
      if (variant && typeof variant.key === 'string' && (parentPriced || typeof variant.priceCents === 'number')) priced.add(variant.key);
    }
  }
  const seen = new Set<string>();
  listed.forEach((key, position) => {
    if (typeof key !== 'string') return;
    const path: Path = ['payments', 'deposit', 'services', position];
    if (services.length > 0 && !serviceKeys.has(key)) report(path, `unknown service key "${key}" (not in services)`);
    else if (seen.has(key)) report(path, `service "${key}" is listed twice`);
    else if (services.length > 0 && !priced.has(key))
      report(path, `service "${key}" has no price: a deposit is a percent of its priceCents`);
    seen.add(key);
  });
}

/** Quick reply shortcuts are unique (compared as stored: trimmed, lower-case). */
function checkUniqueShortcuts(items: unknown[], report: (path: Path, message: string) => void): void {
  const firstIndex = new Map<string, number>();
  items.forEach((entry, index) => {
    const shortcut = asRecord(entry)?.shortcut;
    if (typeof shortcut !== 'string') return;
    const stored = shortcut.trim().toLowerCase();
    const first = firstIndex.get(stored);
    if (first === undefined) firstIndex.set(stored, index);
    else report(['quickReplies', index, 'shortcut'], `duplicate shortcut "${stored}" (also quickReplies[${first}])`);
  });
}

/**
 * Reminder offsets are unique (two reminders at the same time would be one message twice) and
 * within the booking horizon: nothing can be booked further ahead, so a longer offset could
 * never be sent. More than MAX_REMINDERS_PER_APPOINTMENT would be noise.
 */
function checkReminderOffsets(reminders: unknown[], horizonDays: unknown, report: (path: Path, message: string) => void): void {
  if (reminders.length > MAX_REMINDERS_PER_APPOINTMENT)
    report(['reminders'], `must list at most ${MAX_REMINDERS_PER_APPOINTMENT} reminders`);
  const horizonMinutes = typeof horizonDays === 'number' && Number.isInteger(horizonDays) && horizonDays > 0 ? horizonDays * 24 * 60 : null;
  const firstIndex = new Map<number, number>();
  reminders.forEach((entry, index) => {
    const beforeMinutes = asRecord(entry)?.beforeMinutes;
    if (typeof beforeMinutes !== 'number' || !Number.isInteger(beforeMinutes) || beforeMinutes < 1) return;
    const path: Path = ['reminders', index, 'beforeMinutes'];
    if (horizonMinutes !== null && beforeMinutes > horizonMinutes) {
      report(
        path,
        `${beforeMinutes} minutes is beyond the booking horizon (booking.horizonDays ${String(horizonDays)} = ${horizonMinutes} minutes)`,
      );
    }
    const first = firstIndex.get(beforeMinutes);
    if (first === undefined) firstIndex.set(beforeMinutes, index);
    else report(path, `duplicate reminder offset ${beforeMinutes} (also reminders[${first}])`);
  });
}

function checkUniqueKeys(items: unknown[], field: string, noun: string, report: (path: Path, message: string) => void): Set<string> {
  const firstIndex = new Map<string, number>();
  items.forEach((entry, index) => {
    const key = asRecord(entry)?.key;
    if (typeof key !== 'string') return;
    const first = firstIndex.get(key);
    if (first === undefined) firstIndex.set(key, index);
    else report([field, index, 'key'], `duplicate ${noun} key "${key}" (also ${field}[${first}])`);
  });
  return new Set(firstIndex.keys());
}

function checkDayIntervals(intervals: unknown[], path: Path, report: (path: Path, message: string) => void): void {
  const valid: { position: number; start: number; end: number }[] = [];
  intervals.forEach((interval, position) => {
    if (!Array.isArray(interval) || interval.length !== 2) return;
    const [start, end] = interval;
    if (typeof start !== 'string' || typeof end !== 'string' || !CLOCK_TIME_PATTERN.test(start) || !CLOCK_TIME_PATTERN.test(end)) return;
    const startMinute = minutesOfDay(start);
    const endMinute = minutesOfDay(end);
    if (startMinute > endMinute) report([...path, position], `interval ${start}–${end} ends before it starts`);
    else if (startMinute === endMinute) report([...path, position], `interval ${start}–${end} is empty`);
    else valid.push({ position, start: startMinute, end: endMinute });
  });
  valid.sort((a, b) => a.start - b.start || a.position - b.position);
  for (let index = 1; index < valid.length; index++) {
    const previous = valid[index - 1]!;
    const current = valid[index]!;
    if (current.start < previous.end) {
      const [earlier, later] = previous.position < current.position ? [previous, current] : [current, previous];
      report(
        [...path, later.position],
        `interval ${clockTimeOf(later.start)}–${clockTimeOf(later.end)} overlaps ${clockTimeOf(earlier.start)}–${clockTimeOf(earlier.end)} (${String(path.at(-1))}[${earlier.position}])`,
      );
    }
  }
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}
