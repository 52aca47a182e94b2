import { describe, expect, it } from 'vitest';
import {
  changeStaffPassword,
  createStaffAccount,
  findStaffSession,
  PAIR_FREE_FAILURES,
  revokeStaffSession,
  signInStaff,
} from '../../src/auth/index.js';
import { decideSignInGate } from '../../src/auth/sign-in-throttle.js';
import { runDailyMaintenance } from '../../src/boot/create-maintenance-tasks.js';
import { parseStaffArgs } from '../../src/cli/parse-staff-args.js';
import { type Clock, fixedClock, silentLogger } from '../../src/shared/index.js';
import { createTestTenant } from '../support/factories.js';
import { testDatabase } from '../support/test-database.js';

const database = await testDatabase();
const { db } = database;
let sequence = 0;
const email = () => `pessoa${++sequence}.${Date.now()}@salao.test`;

async function newAccount(role = 'attendant') {
  const tenant = await createTestTenant(db);
  const outcome = await createStaffAccount(db, { slug: tenant.slug, email: email(), name: 'Carla Dias', role });
  if (outcome.kind !== 'created') throw new Error(outcome.kind);
  return { tenant, ...outcome };
}
const at = (iso: string) => new Date(iso);
const attempt = (account: { email: string }, password: string, now: Date, address = '203.0.113.7') =>
  signInStaff(db, { email: account.email, password, address, userAgent: 'vitest', now });

describe('staff accounts', () => {
  it('when an account is created, then only an argon2id hash of the one-time password is stored and it must be changed', async () => {
    const account = await newAccount('owner');
    expect(account.initialPassword).toMatch(/^[\w]{4}-[\w]{4}-[\w]{4}-[\w]{4}$/);
    const row = await db.staffAccount.findUniqueOrThrow({ where: { id: account.staffId } });
    expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row.passwordHash).not.toContain(account.initialPassword);
    expect(row).toMatchObject({ role: 'owner', mustChangePassword: true, tenantId: account.tenant.id });
  });

  it('when the e-mail is taken, the tenant unknown or the role wrong, then nothing is created and the reason is named', async () => {
    const account = await newAccount();
    expect(await createStaffAccount(db, { slug: account.tenant.slug, email: account.email.toUpperCase(), name: 'Outra' })).toEqual({
      kind: 'email_taken',
      email: account.email,
    });
    expect(await createStaffAccount(db, { slug: 'nao-existe', email: email(), name: 'Ana' })).toEqual({
      kind: 'tenant_not_found',
      slug: 'nao-existe',
    });
    const bad = await createStaffAccount(db, { slug: account.tenant.slug, email: 'sem-arroba', name: '', role: 'chefe' });
    expect(bad.kind).toBe('invalid');
    expect(bad.kind === 'invalid' && bad.problems.length).toBe(3);
  });

  it('reads the staff command line, with a NAME of several words and the role flag', () => {
    expect(parseStaffArgs(['add', 'salao', 'ana@x.test', 'Ana', 'Paula', '--role', 'owner'])).toEqual({
      kind: 'add',
      slug: 'salao',
      email: 'ana@x.test',
      name: 'Ana Paula',
      role: 'owner',
    });
    expect(parseStaffArgs(['add', 'salao', 'ana@x.test'])).toMatchObject({ kind: 'usage' });
    expect(parseStaffArgs(['add', 'salao', 'ana@x.test', 'Ana', '--role'])).toMatchObject({ kind: 'usage' });
    expect(parseStaffArgs(['revoke-sessions', 'ana@x.test'])).toEqual({ kind: 'revoke-sessions', email: 'ana@x.test' });
  });
});

describe('sign-in', () => {
  it('when the password is wrong or the e-mail unknown, then both are refused alike', async () => {
    const account = await newAccount();
    const now = at('2026-12-01T12:00:00Z');
    expect(await attempt(account, 'errada', now)).toEqual({ kind: 'refused' });
    expect(await attempt({ email: 'ninguem@x.test' }, 'errada', now)).toEqual({ kind: 'refused' });
    const ok = await attempt(account, account.initialPassword, now);
    expect(ok).toMatchObject({ kind: 'signed_in', mustChangePassword: true });
  });

  it('when five wrong passwords came from one address, then the right one waits 30 s there (then a minute, …), never a lockout; another address is not held', async () => {
    const account = await newAccount();
    const start = at('2026-12-01T13:00:00Z');
    for (let index = 0; index < PAIR_FREE_FAILURES; index++) {
      expect(await attempt(account, `errada-${index}`, new Date(start.getTime() + index * 1000))).toEqual({ kind: 'refused' });
    }
    const lastFailure = start.getTime() + 4000;
    const held = await attempt(account, account.initialPassword, new Date(lastFailure + 10_000));
    expect(held).toEqual({ kind: 'throttled', retryAfterSeconds: 20 });
    // One more wrong one there (after the wait) doubles the next wait.
    expect(await attempt(account, 'errada-6', new Date(lastFailure + 31_000))).toEqual({ kind: 'refused' });
    expect(await attempt(account, account.initialPassword, new Date(lastFailure + 32_000))).toMatchObject({ retryAfterSeconds: 59 });
    expect((await attempt(account, account.initialPassword, new Date(lastFailure + 32_000), '198.51.100.9')).kind).toBe('signed_in');
    expect((await attempt(account, account.initialPassword, new Date(lastFailure + 92_000))).kind).toBe('signed_in');
  });

  it('when the daily maintenance runs, then attempts older than a week are deleted (typed e-mails, addresses) and recent ones still throttle', async () => {
    const account = await newAccount();
    const now = at('2026-12-20T09:00:00Z');
    const old = new Date(now.getTime() - 8 * 86_400_000);
    for (let i = 0; i < 3; i++) await attempt(account, 'errada', old, '198.51.100.9');
    for (let i = 0; i < PAIR_FREE_FAILURES; i++) await attempt(account, 'errada', new Date(now.getTime() - 10_000), '198.51.100.10');
    const rows = () => db.staffSignInAttempt.findMany({ where: { email: account.email }, select: { address: true } });
    expect(await rows()).toHaveLength(3 + PAIR_FREE_FAILURES);

    await runDailyMaintenance({ db, logger: silentLogger, clock: fixedClock(now.toISOString()), historyWindow: 40 });

    expect((await rows()).map((row) => row.address)).toEqual(Array(PAIR_FREE_FAILURES).fill('198.51.100.10'));
    expect((await attempt(account, account.initialPassword, now, '198.51.100.10')).kind).toBe('throttled');
  });

  it('decides the gate from the counts alone: progressive waits, and a trusted device or address held only by its own failures', () => {
    const now = at('2026-12-01T12:00:00Z');
    const failures = (pair: number, account: number, address: number) => ({
      pair: { count: pair, latestAt: now },
      account: { count: account, latestAt: now },
      address: { count: address, latestAt: now },
    });
    expect(decideSignInGate(failures(4, 9, 19), false, now)).toEqual({ kind: 'open' });
    expect(decideSignInGate(failures(0, 10, 0), false, now)).toEqual({ kind: 'throttled', retryAfterSeconds: 30 });
    expect(decideSignInGate(failures(0, 0, 22), false, now)).toEqual({ kind: 'throttled', retryAfterSeconds: 120 });
    expect(decideSignInGate(failures(0, 40, 0), false, now)).toEqual({ kind: 'throttled', retryAfterSeconds: 15 * 60 });
    expect(decideSignInGate(failures(0, 40, 40), true, now)).toEqual({ kind: 'open' });
    expect(decideSignInGate(failures(6, 40, 40), true, now)).toEqual({ kind: 'throttled', retryAfterSeconds: 60 });
  });
});

describe('sessions and passwords', () => {
  const clock = (iso: string): Clock => ({ now: () => at(iso) });

  it('when a session signs out, then its token opens nothing; sessions also expire after a working day idle', async () => {
    const account = await newAccount();
    const signedIn = await attempt(account, account.initialPassword, at('2026-12-01T08:00:00Z'));
    if (signedIn.kind !== 'signed_in') throw new Error(signedIn.kind);
    expect(await findStaffSession(db, signedIn.token, clock('2026-12-01T09:00:00Z').now())).toMatchObject({
      staffId: account.staffId,
      name: 'Carla Dias',
      tenantId: account.tenant.id,
    });
    expect(await findStaffSession(db, signedIn.token, at('2026-12-02T09:30:00Z'))).toBeNull();
    const again = await attempt(account, account.initialPassword, at('2026-12-01T10:00:00Z'));
    if (again.kind !== 'signed_in') throw new Error(again.kind);
    await revokeStaffSession(db, again.sessionId, at('2026-12-01T10:05:00Z'));
    expect(await findStaffSession(db, again.token, at('2026-12-01T10:06:00Z'))).toBeNull();
    const stored = await db.staffSession.findUniqueOrThrow({ where: { id: again.sessionId } });
    expect(stored.tokenHash).not.toBe(again.token);
  });

  it('when the password changes, then the initial one stops working, "must change" clears and every session ends but the new one', async () => {
    const account = await newAccount();
    const now = at('2026-12-01T15:00:00Z');
    const first = await attempt(account, account.initialPassword, now);
    const second = await attempt(account, account.initialPassword, now);
    if (first.kind !== 'signed_in' || second.kind !== 'signed_in') throw new Error('sign-in failed');
    const change = (current: string, next: string) =>
      changeStaffPassword(db, {
        staffId: account.staffId,
        sessionId: first.sessionId,
        current,
        next,
        now,
        address: '203.0.113.7',
        userAgent: null,
      });
    expect(await change('errada', 'uma-senha-boa-123')).toEqual({ kind: 'wrong_current' });
    expect(await change(account.initialPassword, 'curta')).toMatchObject({ kind: 'weak' });
    const changed = await change(account.initialPassword, 'uma-senha-boa-123');
    if (changed.kind !== 'changed') throw new Error(changed.kind);
    // The session that changed it is rotated too: only the new token opens anything.
    expect(await findStaffSession(db, first.token, now)).toBeNull();
    expect(await findStaffSession(db, changed.token, now)).toMatchObject({ mustChangePassword: false });
    expect(await findStaffSession(db, second.token, now)).toBeNull();
    expect((await attempt(account, account.initialPassword, now)).kind).toBe('refused');
    expect((await attempt(account, 'uma-senha-boa-123', now)).kind).toBe('signed_in');
  });

  it('when the daily maintenance runs, then sessions that ended over a month ago are deleted, and live or recent ones stay', async () => {
    const account = await newAccount();
    const now = at('2027-03-01T06:00:00Z');
    const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
    const session = (name: string, createdDaysAgo: number, expiresDaysAgo: number, revokedDaysAgo?: number) =>
      db.staffSession.create({
        data: {
          staffId: account.staffId,
          tenantId: account.tenant.id,
          tokenHash: `${name}-${account.staffId}-${'0'.repeat(40)}`,
          createdAt: daysAgo(createdDaysAgo),
          lastSeenAt: daysAgo(createdDaysAgo),
          expiresAt: daysAgo(expiresDaysAgo),
          ...(revokedDaysAgo === undefined ? {} : { revokedAt: daysAgo(revokedDaysAgo) }),
          address: '203.0.113.9',
          userAgent: 'vitest',
        },
        select: { id: true },
      });
    const live = await session('live', 0.2, -0.3);
    const expiredLastWeek = await session('expired-last-week', 9, 8);
    const expiredLongAgo = await session('expired-long-ago', 38, 37.5);
    // Signed out 35 days ago: its expiry, had it stayed signed in, would be only 29 days ago.
    const signedOutLongAgo = await session('signed-out-long-ago', 36, 29, 35);
    const signedOutRecently = await session('signed-out-recently', 20, 13, 19.9);

    await runDailyMaintenance({ db, logger: silentLogger, clock: fixedClock(now.toISOString()), historyWindow: 40 });

    const left = await db.staffSession.findMany({ where: { staffId: account.staffId }, select: { id: true }, orderBy: { id: 'asc' } });
    expect(left.map((row) => row.id)).toEqual([live.id, expiredLastWeek.id, signedOutRecently.id]);
    expect(left.map((row) => row.id)).not.toContain(expiredLongAgo.id);
    expect(left.map((row) => row.id)).not.toContain(signedOutLongAgo.id);
  });
});
