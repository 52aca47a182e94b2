import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminRouter } from '../../src/admin/index.js';
import { createStaffAccount } from '../../src/auth/index.js';
import { schedulingDepsOf } from '../../src/boot/index.js';
import { createConsoleRouter } from '../../src/console/index.js';
import { createHttpApp } from '../../src/http/index.js';
import { silentLogger, systemClock } from '../../src/shared/index.js';
import { createInboundMessage, createTestConversation, createTestTenant, type TestTenant } from '../support/factories.js';
import { testDatabase } from '../support/test-database.js';

const { db } = await testDatabase();

/** The web side with the admin API and the console, listening on loopback (Origin checks need the real host). */
async function serve(publicUrl: string) {
  const deps = {
    db,
    logger: silentLogger,
    clock: systemClock,
    config: { ADMIN_RATE_LIMIT_PER_MINUTE: 10_000, ADMIN_AUTH_FAILURES_PER_MINUTE: 10_000, PUBLIC_URL: publicUrl },
  };
  const consoleRouter = createConsoleRouter({ ...deps, eventPollMs: 100 });
  const app = createHttpApp({
    db,
    logger: silentLogger,
    routers: [createAdminRouter({ ...deps, scheduling: schedulingDepsOf(deps.db) }), consoleRouter],
  });
  const server = await new Promise<http.Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
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
  service = await serve('http://localhost:3000');
  tenant = await createTestTenant(db);
});
afterAll(async () => service?.close());

interface Browser {
  cookie: string;
  csrf: string;
  call(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Response>;
}

/** A signed-in person as the console's pages talk to the service: cookie, CSRF token, same-origin Origin. */
async function signedIn(
  options: { role?: string; changePassword?: boolean; tenantSlug?: string } = {},
): Promise<Browser & { name: string }> {
  const name = `Pessoa ${++sequence}`;
  const created = await createStaffAccount(db, {
    slug: options.tenantSlug ?? tenant.slug,
    email: `p${sequence}.${Date.now()}@salao.test`,
    name,
    role: options.role ?? 'attendant',
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
  const browser: Browser = {
    get cookie() {
      return cookie;
    },
    get csrf() {
      return csrfToken;
    },
    call: (method, path, body, headers = {}) =>
      fetch(`${service.url}${path}`, {
        method,
        headers: {
          cookie,
          origin: service.url,
          'x-csrf-token': csrfToken,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
  };
  if (options.changePassword !== false) {
    const changed = await browser.call('POST', '/console/api/password', { current: created.initialPassword, next: 'outra-senha-segura-1' });
    expect(changed.status).toBe(200);
    // The change opens a new session: its cookie and CSRF token replace the old ones.
    cookie = (changed.headers.get('set-cookie') ?? '').split(';')[0]!;
    ({ csrfToken } = (await changed.json()) as { csrfToken: string });
  }
  return { ...browser, name };
}

async function pendingHandoff(tenantId = tenant.id) {
  const { conversation } = await createTestConversation(db, tenantId);
  const handoff = await db.handoff.create({ data: { tenantId, conversationId: conversation.id, reason: 'requested_by_customer' } });
  return { conversation, handoff };
}

describe('console sessions over HTTP', () => {
  it('when signing in, then the cookie is httpOnly and SameSite=Strict, and Secure with the __Host- prefix behind an https PUBLIC_URL', async () => {
    const plain = await signedIn({ changePassword: false });
    expect(plain.cookie).toMatch(/^wa_console=/);
    const created = await createStaffAccount(db, { slug: tenant.slug, email: `https.${Date.now()}@salao.test`, name: 'Segura' });
    if (created.kind !== 'created') throw new Error(created.kind);
    const secure = await serve('https://agenda.example.com');
    try {
      const response = await fetch(`${secure.url}/console/api/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'https://agenda.example.com' },
        body: JSON.stringify({ email: created.email, password: created.initialPassword }),
      });
      const setCookie = response.headers.get('set-cookie') ?? '';
      expect(setCookie).toMatch(/^__Host-wa_console=[\w-]{40,};/);
      expect(setCookie).toMatch(/; HttpOnly/);
      expect(setCookie).toMatch(/; Secure/);
      expect(setCookie).toMatch(/; SameSite=Strict/);
      expect(setCookie).toMatch(/; Path=\//);
    } finally {
      await secure.close();
    }
  });

  it('when a sign-in comes without a same-origin Origin, then it is refused before any password check', async () => {
    for (const headers of [{}, { origin: 'https://evil.example' }] as Record<string, string>[]) {
      const response = await fetch(`${service.url}/console/api/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ email: 'x@y.test', password: 'z' }),
      });
      expect(response.status).toBe(403);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('csrf_failed');
    }
    expect(await db.staffSignInAttempt.count({ where: { email: 'x@y.test' } })).toBe(0);
  });

  it('when the initial password was not changed yet, then the admin API refuses the session with password_change_required', async () => {
    const person = await signedIn({ changePassword: false });
    const response = await person.call('GET', '/admin/handoffs');
    expect(response.status).toBe(403);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('password_change_required');
  });

  it('when a state change lacks the CSRF token or comes from another origin, then 403 and nothing changes; with both, the claim is in the person’s own name', async () => {
    const person = await signedIn();
    const { handoff } = await pendingHandoff();
    const claim = (headers: Record<string, string>) =>
      person.call('POST', `/admin/handoffs/${handoff.id}/claim`, { attendant: 'Outro Nome' }, headers);
    expect((await claim({ 'x-csrf-token': '' })).status).toBe(403);
    expect((await claim({ 'x-csrf-token': `${person.csrf.slice(0, -2)}xx` })).status).toBe(403);
    expect((await claim({ origin: 'https://evil.example' })).status).toBe(403);
    expect((await db.handoff.findUniqueOrThrow({ where: { id: handoff.id } })).status).toBe('pending');
    const ok = await claim({});
    expect(ok.status).toBe(200);
    expect((await db.handoff.findUniqueOrThrow({ where: { id: handoff.id } })).attendant).toBe(person.name);
    const reply = await person.call('POST', `/admin/conversations/${handoff.conversationId}/messages`, { text: 'Oi!', attendant: 'Outro' });
    expect(reply.status).toBe(202);
    expect(((await reply.json()) as { attendant: string }).attendant).toBe(person.name);
  });

  it('when an integration uses the API key, then it still works and must name the attendant', async () => {
    const { handoff } = await pendingHandoff();
    const claim = (body: unknown) =>
      fetch(`${service.url}/admin/handoffs/${handoff.id}/claim`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tenant.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await claim({})).status).toBe(400);
    expect((await claim({ attendant: 'Integração' })).status).toBe(200);
  });

  it('when another tenant’s staff asks for this tenant’s ids, then every answer is 404', async () => {
    const otherTenant = await createTestTenant(db);
    const stranger = await signedIn({ tenantSlug: otherTenant.slug });
    const { conversation, handoff } = await pendingHandoff();
    const statuses = [
      (await stranger.call('GET', `/admin/conversations/${conversation.id}`)).status,
      (await stranger.call('POST', `/admin/handoffs/${handoff.id}/claim`, {})).status,
      (await stranger.call('POST', `/admin/conversations/${conversation.id}/messages`, { text: 'x' })).status,
      (await stranger.call('GET', `/console/api/conversations/${conversation.id}/appointments`)).status,
      (await stranger.call('GET', `/console/conversas/${conversation.id}`)).status,
      (await stranger.call('GET', `/console/clientes/${conversation.customerId}`)).status,
      (await stranger.call('GET', `/admin/customers/${conversation.customerId}`)).status,
    ];
    expect(statuses).toEqual([404, 404, 404, 404, 404, 404, 404]);
    const list = (await (await stranger.call('GET', '/admin/handoffs')).json()) as { items: unknown[] };
    expect(list.items).toEqual([]);
  });

  it('when the person signs out, then the same cookie is refused', async () => {
    const person = await signedIn();
    expect((await person.call('GET', '/admin/handoffs')).status).toBe(200);
    expect((await person.call('DELETE', '/console/api/session')).status).toBe(204);
    expect((await person.call('GET', '/admin/handoffs')).status).toBe(401);
    expect((await person.call('GET', '/console/api/session')).status).toBe(401);
  });

  it('when the owner asks for stats, then runs by exit (not by outcome), labelled, come with "no data" rates; an attendant is refused', async () => {
    const owner = await signedIn({ role: 'owner' });
    const attendant = await signedIn();
    expect((await attendant.call('GET', '/console/api/stats?from=2026-11-01&to=2026-12-01')).status).toBe(403);
    const { conversation } = await createTestConversation(db, tenant.id);
    await db.agentRun.create({
      data: {
        tenantId: tenant.id,
        conversationId: conversation.id,
        status: 'completed',
        outcome: 'answer',
        exit: 'success',
        startedAt: new Date('2026-11-10T12:00:00Z'),
      },
    });
    const response = await owner.call('GET', '/console/api/stats?from=2026-11-01&to=2026-12-01');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      runsByExit: [{ exit: 'success', label: 'Atendeu (o que disse está confirmado no sistema)', count: 1 }],
      appointmentsByStatus: [],
      noShowRate: null,
      confirmationRate: null,
      noShowRateConfirmed: null,
      noShowRateUnconfirmed: null,
    });
  });
});

describe('console page and live events', () => {
  it('serves the page with a CSP that allows only its own scripts, and 404 for unknown console paths', async () => {
    const page = await fetch(`${service.url}/console`);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toMatch(/https?:\/\//);
    expect([200, 503]).toContain(page.status);
    expect((await fetch(`${service.url}/console/nada-aqui`)).status).toBe(404);
    expect((await fetch(`${service.url}/console/api/nada`)).status).toBe(404);
  });

  it('when a handoff opens and a customer writes, then an open event stream gets both, only for its own tenant', async () => {
    const person = await signedIn();
    const events: string[] = [];
    const request = http.get(`${service.url}/console/api/events`, { headers: { cookie: person.cookie } });
    const response = await new Promise<http.IncomingMessage>((resolve) => request.on('response', resolve));
    expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => events.push(chunk));
    const waitFor = async (pattern: RegExp) => {
      const deadline = Date.now() + 5000;
      while (!pattern.test(events.join(''))) {
        if (Date.now() > deadline) throw new Error(`no ${pattern} in ${events.join('')}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    await waitFor(/: connected/);
    const otherTenant = await createTestTenant(db);
    await pendingHandoff(otherTenant.id);
    const { handoff, conversation } = await pendingHandoff();
    await waitFor(new RegExp(`event: handoffs\\ndata: \\{[^\\n]*"newPendingIds":\\[${handoff.id}\\]`));
    await createInboundMessage(db, { tenantId: tenant.id, conversationId: conversation.id, text: 'oi' });
    await waitFor(new RegExp(`event: message\\ndata: \\{"type":"message","conversationId":${conversation.id}`));
    expect(events.join('')).not.toMatch(/"text"/);
    request.destroy();
  });
});
