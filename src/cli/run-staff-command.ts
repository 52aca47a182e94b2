import {
  createStaffAccount,
  type ManageStaffOutcome,
  manageStaffAccount,
  revokeAllStaffSessions,
  type StaffChange,
} from '../auth/index.js';
import type { Db } from '../db/index.js';
import { systemClock } from '../shared/index.js';
import { parseStaffArgs, STAFF_USAGE } from './parse-staff-args.js';

const EXIT = { ok: 0, invalid: 1, usage: 2 } as const;

/**
 * Checks the words after `staff` before the database is opened: `ok`, or `help` (usage asked
 * for, printed on stdout) or `usage` (a mistake, printed on stderr with the usage).
 */
export function checkStaffArgs(args: string[]): 'ok' | 'help' | 'usage' {
  const command = parseStaffArgs(args);
  if (command.kind !== 'usage') return 'ok';
  if (!command.problem && args.length > 0) {
    process.stdout.write(`${STAFF_USAGE}\n`);
    return 'help';
  }
  process.stderr.write(`${command.problem ? `${command.problem}\n\n` : ''}${STAFF_USAGE}\n`);
  return 'usage';
}

/** `npm run tenant -- staff …` on an open database; resolves to the exit code. */
export async function runStaffCommand(db: Db, args: string[]): Promise<number> {
  const command = parseStaffArgs(args);
  switch (command.kind) {
    case 'usage':
      return EXIT.usage;
    case 'add':
      return add(db, command);
    case 'list': {
      const tenant = await db.tenant.findUnique({ where: { slug: command.slug }, select: { id: true } });
      if (!tenant) {
        process.stderr.write(`no tenant with slug "${command.slug}"\n`);
        return EXIT.invalid;
      }
      const accounts = await db.staffAccount.findMany({
        where: { tenantId: tenant.id },
        orderBy: { id: 'asc' },
        select: { email: true, name: true, role: true, mustChangePassword: true, disabledAt: true },
      });
      if (accounts.length === 0) process.stdout.write('no console accounts yet: npm run tenant -- staff add SLUG EMAIL NAME\n');
      for (const account of accounts) {
        const state = account.disabledAt ? 'disabled' : account.mustChangePassword ? 'initial password' : 'active';
        process.stdout.write(`${account.email}\t${account.name}\t${account.role}\t${state}\n`);
      }
      return EXIT.ok;
    }
    case 'disable':
    case 'enable':
    case 'reset-password':
    case 'role': {
      const change: StaffChange =
        command.kind === 'role'
          ? { kind: 'role', role: command.role }
          : command.kind === 'reset-password'
            ? { kind: 'reset_password' }
            : { kind: command.kind };
      // The operator's command is the way back in: it may disable or demote even the last owner.
      const outcome = await manageStaffAccount(db, { slug: command.slug, email: command.email }, change, {
        now: systemClock.now(),
        keepAnOwner: false,
      });
      return reportManaged(command, outcome);
    }
    case 'revoke-sessions': {
      const account = await db.staffAccount.findUnique({ where: { email: command.email.trim().toLowerCase() }, select: { id: true } });
      if (!account) {
        process.stderr.write(`no console account ${command.email}\n`);
        return EXIT.invalid;
      }
      const count = await revokeAllStaffSessions(db, account.id, systemClock.now());
      process.stdout.write(`ended ${count} session${count === 1 ? '' : 's'} of ${command.email}\n`);
      return EXIT.ok;
    }
  }
}

async function add(db: Db, command: { slug: string; email: string; name: string; role: string }): Promise<number> {
  const outcome = await createStaffAccount(db, command);
  switch (outcome.kind) {
    case 'invalid':
      process.stderr.write(`refused, nothing was created:\n${outcome.problems.map((problem) => `  - ${problem}\n`).join('')}`);
      return EXIT.invalid;
    case 'tenant_not_found':
      process.stderr.write(`no tenant with slug "${outcome.slug}"; nothing was created\n`);
      return EXIT.invalid;
    case 'email_taken':
      process.stderr.write(`${outcome.email} already has a console account; nothing was created\n`);
      return EXIT.invalid;
    case 'created':
      process.stdout.write(
        `Console account ${outcome.email} (${outcome.name}, ${outcome.role}) created for "${outcome.tenantSlug}".\n` +
          `Initial password (shown only this once; it must be changed at first sign-in):\n\n  ${outcome.initialPassword}\n\n`,
      );
      return EXIT.ok;
  }
}

function reportManaged(command: { kind: string; slug: string; email: string }, outcome: ManageStaffOutcome): number {
  switch (outcome.kind) {
    case 'not_found':
      process.stderr.write(`no console account ${command.email} in tenant "${command.slug}"; nothing changed\n`);
      return EXIT.invalid;
    case 'last_owner':
      process.stderr.write(`${command.email} is the tenant's last active owner; nothing changed\n`);
      return EXIT.invalid;
    case 'invalid_role':
      process.stderr.write(`role: expected owner or attendant, got "${outcome.role}"; nothing changed\n`);
      return EXIT.usage;
    case 'password_reset':
      process.stdout.write(
        `New one-time password for ${outcome.account.email} (shown only this once; it must be changed at first sign-in; ` +
          `${outcome.sessionsEnded} session${outcome.sessionsEnded === 1 ? '' : 's'} ended):\n\n  ${outcome.initialPassword}\n\n`,
      );
      return EXIT.ok;
    case 'done': {
      const { account, sessionsEnded } = outcome;
      const what =
        command.kind === 'disable'
          ? `disabled; ${sessionsEnded} session${sessionsEnded === 1 ? '' : 's'} ended`
          : command.kind === 'enable'
            ? 'enabled'
            : `now ${account.role}`;
      process.stdout.write(`${account.email} (${account.name}): ${what}\n`);
      return EXIT.ok;
    }
  }
}
