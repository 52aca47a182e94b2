import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminRouter, createCalendarFeedRouter } from '../../src/admin/index.js';
import { createStaffAccount } from '../../src/auth/index.js';
import { schedulingDepsOf } from '../../src/boot/index.js';
import { createConsoleRouter } from '../../src/console/index.js';
import { createHttpApp } from '../../src/http/index.js';
import { hashFeedToken } from '../../src/scheduling/calendar-feed/index.js';
import { silentLogger, systemClock } from '../../src/shared/index.js';
import { createTestTenant, type TestTenant } from '../support/factories.js';
import { testDatabase } from '../support/test-database.js';
import { bearer } from './admin-test-app.js';

const { db } = await testDatabase();

/** The web side (admin API, console, feeds) on loopback: console sign-in checks the real Origin. */
async function serve() {
  const deps = {
    db,
    logger: silentLogger,
    clock: systemClock,
    config: { ADMIN_RATE_LIMIT_PER_MINUTE: 10_000, ADMIN_AUTH_FAILURES_PER_MINUTE: 10_000, PUBLIC_URL: 'http://localhost:3000' },
  };
  const consoleRouter = createConsoleRouter({ ...deps, eventPollMs: 100 });
  const app = createHttpApp({
    db,
    logger: silentLogger,
    routers: [createAdminRouter({ ...deps, scheduling: schedulingDepsOf(db) }), consoleRouter, createCalendarFeedRouter(deps)],
  });
  const server = await new Promise<http.Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        consoleRouter.closeStreams();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

let service: Awaited<ReturnType<typeof serve>>;
let tenant: TestTenant;
let sequence = 0;

beforeAll(async () => {
  service = await serve();
  tenant = await createTestTenant(db);
});
afterAll(async () => service?.close());

/** A console session of a new account with `role`, its initial password already changed: calls with cookie, CSRF and Origin. */
async function signedIn(role: 'owner' | 'attendant') {
  const created = await createStaffAccount(db, {
    slug: tenant.slug,
    email: `feed${++sequence}.${Date.now()}@salao.test`,
    name: 'Pessoa',
    role,
  });
  if (created.kind !== 'created') throw new Error(created.kind);
  const signIn = await fetch(`${service.url}/console/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: service.url },
    body: JSON.stringify({ email: created.email, password: created.initialPassword }),
  });
  expect(signIn.status).toBe(200);
  let cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0]!;
  let { csrfToken } = (await signIn.json()) as { csrfToken: string };
  const call = (method: string, path: string, body?: unknown) =>
    fetch(`${service.url}${path}`, {
      method,
      headers: {
        cookie,
        origin: service.url,
        'x-csrf-token': csrfToken,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const changed = await call('POST', '/console/api/password', { current: created.initialPassword, next: 'outra-senha-segura-1' });
  expect(changed.status).toBe(200);
  // The change opens a new session: its cookie and CSRF token replace the old ones.
  cookie = (changed.headers.get('set-cookie') ?? '').split(';')[0]!;
  ({ csrfToken } = (await changed.json()) as { csrfToken: string });
  return call;
}

const withKey = (method: string, path: string) => fetch(`${service.url}${path}`, { method, headers: bearer(tenant.apiKey) });
type Listing = { items: { id: number; calendarUrl: string | null }[] };

describe('calendar feeds are the owner’s', () => {
  it('when an attendant lists professionals or rotates a feed, then no URL is shown, nothing is created and rotation is 403', async () => {
    const attendant = await signedIn('attendant');
    const listed = await attendant('GET', '/admin/professionals');
    expect(listed.status).toBe(200);
    const body = (await listed.json()) as Listing;
    expect(body.items).toHaveLength(2);
    expect(body.items.map((item) => item.calendarUrl)).toEqual([null, null]);
    expect(await db.calendarFeed.count({ where: { tenantId: tenant.id } })).toBe(0);

    const rotated = await attendant('POST', `/admin/professionals/${tenant.professionals[0]!.id}/calendar-feed/rotate`);
    expect(rotated.status).toBe(403);
    expect(await rotated.json()).toEqual({
      error: { code: 'forbidden', message: 'Só o proprietário pode ver ou trocar o endereço da agenda de um profissional.' },
    });
    expect(await db.calendarFeed.count({ where: { tenantId: tenant.id } })).toBe(0);
  });

  it('when an owner (console session or the API key) lists and rotates, then the URLs are shown once and work', async () => {
    const owner = await signedIn('owner');
    const listed = (await (await owner('GET', '/admin/professionals')).json()) as Listing;
    const [anaUrl, biaUrl] = listed.items.map((item) => item.calendarUrl);
    expect(anaUrl).toMatch(/^http:\/\/localhost:3000\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(biaUrl).toEqual(expect.any(String));
    const feedPath = (url: string) => new URL(url).pathname;
    expect((await fetch(`${service.url}${feedPath(anaUrl!)}`)).status).toBe(200);
    // The API key acts as the owner: it may rotate, and the old address stops working.
    const rotated = await withKey('POST', `/admin/professionals/${listed.items[0]!.id}/calendar-feed/rotate`);
    expect(rotated.status).toBe(200);
    const { calendarUrl } = (await rotated.json()) as { calendarUrl: string };
    expect((await fetch(`${service.url}${feedPath(anaUrl!)}`)).status).toBe(404);
    expect((await fetch(`${service.url}${feedPath(calendarUrl)}`)).status).toBe(200);
    expect(((await (await withKey('GET', '/admin/professionals')).json()) as Listing).items.map((item) => item.calendarUrl)).toEqual([
      null,
      null,
    ]);
  });

  it('when feeds were issued, then the database holds only their SHA-256, never a token', async () => {
    const rotated = await withKey('POST', `/admin/professionals/${tenant.professionals[1]!.id}/calendar-feed/rotate`);
    const { calendarUrl } = (await rotated.json()) as { calendarUrl: string };
    const token = /calendar\/([A-Za-z0-9_-]{43})\.ics$/.exec(calendarUrl)![1]!;
    const rows = await db.$queryRaw<Record<string, unknown>[]>`SELECT * FROM calendar_feeds WHERE tenant_id = ${tenant.id}`;
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows.map((row) => row.token_hash)).toContain(hashFeedToken(token));
    expect(Object.keys(rows[0]!)).not.toContain('token');
  });
});
