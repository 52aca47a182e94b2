import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ResourceUse, type VisitCandidate, type VisitFacts, visitStartsOn } from '../../src/scheduling/availability/index.js';

// Small calendars on one UTC day, in minutes: the brute-force oracle below checks every
// assignment of professionals minute by minute, independently of the planner's shortcuts.
const DATE = '2026-12-01';
const BASE = Date.UTC(2026, 11, 1);
const at = (minute: number) => BASE + minute * 60_000;
const QUARTER = (min: number, max: number) => fc.integer({ min: min / 15, max: max / 15 }).map((n) => n * 15);

const spanArbitrary = (from: number, to: number) =>
  fc.tuple(QUARTER(from, to), QUARTER(15, 180)).map(([start, length]) => [start, Math.min(start + length, 24 * 60)] as const);

interface Model {
  stepMinutes: number;
  earliest: number;
  closed: boolean;
  professionals: { intervals: (readonly [number, number])[]; busy: (readonly [number, number])[] }[];
  resources: { count: number; holds: (readonly [number, number])[] }[];
  items: { candidates: { professional: number; duration: number; buffer: number; resources: number[] }[] }[];
}

/** Non-overlapping sorted working intervals between 07:00 and 21:00. */
const intervalsArbitrary = fc
  .uniqueArray(QUARTER(7 * 60, 21 * 60), { minLength: 0, maxLength: 4 })
  .map((points) => points.sort((a, b) => a - b))
  .map((points) => {
    const intervals: [number, number][] = [];
    for (let index = 0; index + 1 < points.length; index += 2) intervals.push([points[index]!, points[index + 1]!]);
    return intervals;
  });

const modelArbitrary: fc.Arbitrary<Model> = fc
  .record({
    stepMinutes: fc.constantFrom(15, 30),
    earliest: QUARTER(6 * 60, 14 * 60),
    closed: fc.integer({ min: 0, max: 9 }).map((value) => value === 0),
    professionals: fc.array(
      fc.record({
        intervals: intervalsArbitrary,
        busy: fc.array(spanArbitrary(7 * 60, 20 * 60), { maxLength: 3 }).map((spans) => spans.sort((a, b) => a[0] - b[0])),
      }),
      { minLength: 1, maxLength: 3 },
    ),
    resources: fc.array(
      fc.record({ count: fc.integer({ min: 1, max: 2 }), holds: fc.array(spanArbitrary(7 * 60, 20 * 60), { maxLength: 3 }) }),
      {
        maxLength: 2,
      },
    ),
    itemCount: fc.integer({ min: 1, max: 3 }),
    seeds: fc.array(
      fc.record({
        professionals: fc.uniqueArray(fc.nat(2), { minLength: 1, maxLength: 3 }),
        duration: QUARTER(15, 90),
        buffer: fc.constantFrom(0, 0, 10, 15),
        resources: fc.uniqueArray(fc.nat(1), { maxLength: 2 }),
      }),
      { minLength: 3, maxLength: 3 },
    ),
  })
  .map(({ itemCount, seeds, ...rest }) => ({
    ...rest,
    items: seeds.slice(0, itemCount).map((seed) => ({
      candidates: seed.professionals
        .filter((index) => index < rest.professionals.length)
        .concat(seed.professionals.every((index) => index >= rest.professionals.length) ? [0] : [])
        .map((professional) => ({
          professional,
          // A professional's own duration differs a little from the others' (an override).
          duration: seed.duration + professional * 15,
          buffer: seed.buffer,
          resources: seed.resources.filter((index) => index < rest.resources.length),
        })),
    })),
  }));

function factsOf(model: Model): VisitFacts {
  const resources = new Map<number, ResourceUse>(
    model.resources.map((resource, index) => [
      index + 1,
      { count: resource.count, holds: resource.holds.map(([a, b]) => [at(a), at(b)] as const) },
    ]),
  );
  return {
    date: DATE,
    zone: 'UTC',
    stepMinutes: model.stepMinutes,
    earliest: at(model.earliest),
    closedDay: model.closed ? 'Natal' : null,
    resources,
    items: model.items.map((item, itemIndex) => ({
      candidates: item.candidates.map(
        (candidate): VisitCandidate => ({
          professional: { id: candidate.professional + 1, name: `P${candidate.professional}` },
          service: {
            id: itemIndex + 1,
            name: `S${itemIndex}`,
            durationMinutes: candidate.duration,
            bufferAfterMinutes: candidate.buffer,
            priceCents: null,
            priceFrom: false,
            resourceIds: candidate.resources.map((index) => index + 1),
          },
          intervals: model.professionals[candidate.professional]!.intervals,
          busy: model.professionals[candidate.professional]!.busy.map(([a, b]) => [at(a), at(b)] as const),
        }),
      ),
    })),
  };
}

/** Whether one assignment (a candidate per item) fits from `start`, checked minute by minute. */
function assignmentFits(model: Model, start: number, choice: number[]): boolean {
  let minute = start;
  const visitHolds = new Map<number, [number, number][]>();
  for (const [index, item] of model.items.entries()) {
    const candidate = item.candidates[choice[index]!]!;
    const professional = model.professionals[candidate.professional]!;
    const end = minute + candidate.duration;
    const hold = end + candidate.buffer;
    if (!professional.intervals.some(([from, to]) => minute >= from && end <= to)) return false;
    for (let t = minute; t < hold; t++) {
      if (professional.busy.some(([from, to]) => t >= from && t < to)) return false;
      for (const resource of candidate.resources) {
        const { count, holds } = model.resources[resource]!;
        const using = [...holds, ...(visitHolds.get(resource) ?? [])].filter(([from, to]) => t >= from && t < to).length;
        if (using >= count) return false;
      }
    }
    for (const resource of candidate.resources) visitHolds.set(resource, [...(visitHolds.get(resource) ?? []), [minute, hold]]);
    minute = hold;
  }
  return true;
}

function* assignments(model: Model, index = 0, prefix: number[] = []): Generator<number[]> {
  const item = model.items[index];
  if (!item) {
    yield prefix;
    return;
  }
  for (let choice = 0; choice < item.candidates.length; choice++) yield* assignments(model, index + 1, [...prefix, choice]);
}

/** The oracle: every grid start of the first service's candidates from which some assignment fits. */
function oracleStarts(model: Model): number[] {
  if (model.closed) return [];
  const grid = new Set<number>();
  for (const candidate of model.items[0]!.candidates) {
    for (const [from, to] of model.professionals[candidate.professional]!.intervals) {
      for (let minute = from; minute < to; minute += model.stepMinutes) if (minute >= model.earliest) grid.add(minute);
    }
  }
  return [...grid].filter((start) => [...assignments(model)].some((choice) => assignmentFits(model, start, choice))).sort((a, b) => a - b);
}

describe('the visit slot search against a brute-force oracle', () => {
  it('returns exactly the starts where the whole visit fits (hours, breaks, time off, holidays, buffers, resources, bookings), each with a valid plan', () => {
    fc.assert(
      fc.property(modelArbitrary, (model) => {
        const found = visitStartsOn(factsOf(model));
        const starts = found.map(({ start }) => (start - BASE) / 60_000);
        expect(starts).toEqual(oracleStarts(model));
        for (const { start, items } of found) {
          // The plan it gives is one the oracle accepts, back to back from the start.
          const choice = items.map((planned, index) =>
            model.items[index]!.candidates.findIndex((candidate) => candidate.professional + 1 === planned.professional.id),
          );
          expect(assignmentFits(model, (start - BASE) / 60_000, choice)).toBe(true);
          expect(items[0]!.startsAt).toBe(start);
          for (let index = 1; index < items.length; index++) expect(items[index]!.startsAt).toBe(items[index - 1]!.holdUntil);
        }
      }),
      { numRuns: 400 },
    );
  });
});
