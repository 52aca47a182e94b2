import { Writable } from 'node:stream';
import type { Express } from 'express';
import ICAL from 'ical.js';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAdminRouter, createCalendarFeedRouter } from '../../src/admin/index.js';
import { schedulingDepsOf } from '../../src/boot/index.js';
import { createHttpApp } from '../../src/http/index.js';
import { createLogger, fixedClock, localDateTimeOf } from '../../src/shared/index.js';
import { NOW } from '../scheduling/scheduling-test-kit.js';
import { createTestTenant, type TestTenant } from '../support/factories.js';
import { testDatabase } from '../support/test-database.js';
import { bearer, TEST_PUBLIC_URL } from './admin-test-app.js';
import { type StaffApi, setUpAgenda } from './agenda-test-kit.js';

const ZONE = 'America/New_York';

interface ParsedEvent {
  uid: string;
  sequence: number;
  status: string | null;
  summary: string;
  start: Date;
  end: Date;
}

/** Parses a feed with ical.js (an independent parser: the feed is written by ical-generator). */
function parseFeed(text: string): { timezone: string | null; events: ParsedEvent[] } {
  const calendar = new ICAL.Component(ICAL.parse(text));
  expect(calendar.name).toBe('vcalendar');
  expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
  const events = calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      sequence: event.sequence,
      status: (component.getFirstPropertyValue('status') as string | null) ?? null,
      summary: event.summary,
      start: event.startDate.toJSDate(),
      end: event.endDate.toJSDate(),
    };
  });
  return { timezone: (calendar.getFirstPropertyValue('x-wr-timezone') as string | null) ?? null, events };
}

describe('ICS feeds of professionals (a DST-observing zone)', () => {
  let tenant: TestTenant;
  let app: Express;
  let api: StaffApi;

  beforeAll(async () => {
    ({ tenant, app, api } = await setUpAgenda({ timezone: ZONE, name: 'Brooklyn Cuts' }));
  });

  const ana = () => tenant.professionals[0]!;
  /** A fresh feed address (the owner rotates it: a URL is shown only when it is issued). */
  const newFeedUrl = async (professionalId: number): Promise<string> => {
    const rotated = await api.post(`/admin/professionals/${professionalId}/calendar-feed/rotate`);
    expect(rotated.status).toBe(200);
    return rotated.body.calendarUrl as string;
  };
  const fetchFeed = (url: string) => request(app).get(url.slice(TEST_PUBLIC_URL.length));

  it('when the owner lists professionals, then each has its services and a new secret feed URL under PUBLIC_URL, shown this once', async () => {
    const first = await api.get('/admin/professionals');
    expect(first.status).toBe(200);
    expect(first.body.items).toEqual([
      {
        id: ana().id,
        name: 'Ana',
        serviceIds: expect.arrayContaining(tenant.services.map((service) => service.id)),
        calendarUrl: expect.stringMatching(/^https:\/\/agenda\.test\/calendar\/[A-Za-z0-9_-]{43}\.ics$/),
      },
      { id: tenant.professionals[1]!.id, name: 'Bia', serviceIds: [tenant.services[0]!.id], calendarUrl: expect.any(String) },
    ]);
    expect(new Set(first.body.items.map((item: { calendarUrl: string }) => item.calendarUrl)).size).toBe(2);
    // Only the hash is stored, so a later listing cannot show it again; the address keeps working.
    const again = await api.get('/admin/professionals');
    expect(again.body.items.map((item: { calendarUrl: string | null }) => item.calendarUrl)).toEqual([null, null]);
    expect((await fetchFeed(first.body.items[0].calendarUrl)).status).toBe(200);
  });

  it('when appointments sit on both sides of the spring-forward change, then the parsed feed has the agenda’s local times, stable UIDs, and a cancellation shows', async () => {
    const starts = ['2027-03-12T10:00', '2027-03-15T10:00'];
    const ids: number[] = [];
    for (const start of starts) {
      const booked = await api.post('/admin/appointments', {
        professionalId: ana().id,
        serviceId: tenant.services[0]!.id,
        start,
        customer: { name: 'Kim Lee', phone: '+1 718 222 3344' },
      });
      expect(booked.status).toBe(201);
      ids.push(booked.body.id);
    }
    const url = await newFeedUrl(ana().id);
    const response = await fetchFeed(url);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/calendar/);
    const feed = parseFeed(response.text);
    expect(feed.timezone).toBe(ZONE);
    expect(response.text).not.toContain('2223344');

    const agenda = [
      ...(await api.get('/admin/appointments?date=2027-03-12')).body.items,
      ...(await api.get('/admin/appointments?date=2027-03-15')).body.items,
    ] as { id: number; start: string; end: string }[];
    expect(agenda.map((item) => item.start)).toEqual(starts);
    for (const item of agenda) {
      const event = feed.events.find((candidate) => candidate.uid.startsWith(`appointment-${item.id}@`));
      expect(event, `event of appointment ${item.id}`).toBeDefined();
      expect(localDateTimeOf(event!.start.getTime(), ZONE)).toBe(item.start);
      expect(localDateTimeOf(event!.end.getTime(), ZONE)).toBe(item.end);
      expect(event!.summary).toBe('Corte · Kim Lee');
      expect(event!.status).toBe('CONFIRMED');
    }
    // EST (UTC−5) before the change, EDT (UTC−4) after it.
    expect(feed.events.map((event) => event.start.toISOString()).sort()).toEqual(['2027-03-12T15:00:00.000Z', '2027-03-15T14:00:00.000Z']);

    const uids = feed.events.map((event) => event.uid).sort();
    expect(
      parseFeed((await fetchFeed(url)).text)
        .events.map((event) => event.uid)
        .sort(),
    ).toEqual(uids);

    await api.post(`/admin/appointments/${ids[0]}/cancel`, { notifyCustomer: false });
    const afterCancel = parseFeed((await fetchFeed(url)).text).events;
    expect(afterCancel.map((event) => event.uid).sort()).toEqual(uids);
    const cancelled = afterCancel.find((event) => event.uid.startsWith(`appointment-${ids[0]}@`))!;
    const before = feed.events.find((event) => event.uid === cancelled.uid)!;
    expect(cancelled.status).toBe('CANCELLED');
    expect(cancelled.sequence).toBeGreaterThan(before.sequence);
  });

  it('when an appointment is moved, then the feed keeps its UID with a higher SEQUENCE at the new time, and one event only', async () => {
    const booked = await api.post('/admin/appointments', {
      professionalId: ana().id,
      serviceId: tenant.services[0]!.id,
      start: '2027-03-17T10:00',
      customer: { name: 'Ray Cho', phone: '+1 718 555 0142' },
    });
    expect(booked.status).toBe(201);
    const url = await newFeedUrl(ana().id);
    const ofIt = (events: ParsedEvent[]) => events.filter((event) => event.uid.startsWith(`appointment-${booked.body.id}@`));
    const [before] = ofIt(parseFeed((await fetchFeed(url)).text).events);
    const moved = await api.post(`/admin/appointments/${booked.body.id}/reschedule`, { start: '2027-03-17T14:00', notifyCustomer: false });
    expect(moved.status).toBe(200);
    const after = ofIt(parseFeed((await fetchFeed(url)).text).events);
    expect(after).toHaveLength(1);
    expect(after[0]!.uid).toBe(before!.uid);
    expect(after[0]!.sequence).toBeGreaterThan(before!.sequence);
    expect(after[0]!.status).toBe('CONFIRMED');
    expect(localDateTimeOf(after[0]!.start.getTime(), ZONE)).toBe('2027-03-17T14:00');
  });

  it('when the feed address is rotated, then the old URL answers 404 and the new one works; unknown tokens are 404 too', async () => {
    const old = await newFeedUrl(ana().id);
    expect((await fetchFeed(old)).status).toBe(200);
    const rotated = await api.post(`/admin/professionals/${ana().id}/calendar-feed/rotate`);
    expect(rotated.status).toBe(200);
    expect(rotated.body.calendarUrl).not.toBe(old);
    expect((await fetchFeed(old)).status).toBe(404);
    expect((await fetchFeed(rotated.body.calendarUrl)).status).toBe(200);
    expect((await request(app).get(`/calendar/${'A'.repeat(43)}.ics`)).status).toBe(404);
    expect((await request(app).get('/calendar/short.ics')).status).toBe(404);
  });
});

describe('feed tokens in logs', () => {
  it('when a feed is fetched, then the access log shows the path without its token', async () => {
    const { db } = await testDatabase();
    const tenant = await createTestTenant(db, { timezone: ZONE });
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    const logger = createLogger('trace', undefined, sink);
    const config = { ADMIN_RATE_LIMIT_PER_MINUTE: 10_000, ADMIN_AUTH_FAILURES_PER_MINUTE: 10_000, PUBLIC_URL: TEST_PUBLIC_URL };
    const clock = fixedClock(NOW);
    const app = createHttpApp({
      db,
      logger,
      routers: [
        createAdminRouter({ db, scheduling: schedulingDepsOf(db), logger, clock, config }),
        createCalendarFeedRouter({ db, clock, config }),
      ],
    });
    const list = await request(app).get('/admin/professionals').set(bearer(tenant.apiKey));
    const url = list.body.items[0].calendarUrl as string;
    const token = /calendar\/([^.]+)\.ics$/.exec(url)![1]!;
    expect((await request(app).get(url.slice(TEST_PUBLIC_URL.length))).status).toBe(200);
    const log = lines.join('');
    expect(log).toContain('/calendar/[token].ics');
    expect(log).not.toContain(token);
  });
});
