export type StaffCommand =
  | { kind: 'add'; slug: string; email: string; name: string; role: string }
  | { kind: 'list'; slug: string }
  | { kind: 'revoke-sessions'; email: string }
  | { kind: 'disable' | 'enable' | 'reset-password'; slug: string; email: string }
  | { kind: 'role'; slug: string; email: string; role: string }
  | { kind: 'usage'; problem: string | null };

export const STAFF_USAGE = `usage: npm run tenant -- staff <command>

  add SLUG EMAIL NAME [--role owner|attendant]   create a console account (default role attendant);
                                                 prints its initial password once, to be changed at first sign-in
  list SLUG                                      list the tenant's console accounts
  revoke-sessions EMAIL                          sign the account out everywhere
  disable SLUG EMAIL                             the account can no longer sign in; its sessions end at once
  enable SLUG EMAIL                              a disabled account may sign in again
  reset-password SLUG EMAIL                      a new one-time password (printed once); its sessions end
  role SLUG EMAIL owner|attendant                change the account's role`;

/** Reads the words after `staff`; NAME may be several words (`Ana Paula`), quoted or not. */
export function parseStaffArgs(args: string[]): StaffCommand {
  if (args.some((word) => word === '--help' || word === '-h')) return { kind: 'usage', problem: null };
  const [command, ...rest] = args;
  const roleAt = rest.indexOf('--role');
  let role = 'attendant';
  if (roleAt >= 0) {
    const value = rest[roleAt + 1];
    if (!value) return { kind: 'usage', problem: '--role needs a value: owner or attendant' };
    role = value;
    rest.splice(roleAt, 2);
  }
  const unknownFlag = rest.find((word) => word.startsWith('--'));
  if (unknownFlag) return { kind: 'usage', problem: `unknown option ${unknownFlag}` };
  if (command === 'add') {
    const [slug, email, ...nameWords] = rest;
    if (!slug || !email || nameWords.length === 0) return { kind: 'usage', problem: 'staff add needs SLUG EMAIL NAME' };
    return { kind: 'add', slug, email, name: nameWords.join(' '), role };
  }
  if (roleAt >= 0) return { kind: 'usage', problem: '--role only goes with staff add' };
  if (command === 'list' && rest.length === 1) return { kind: 'list', slug: rest[0]! };
  if (command === 'revoke-sessions' && rest.length === 1) return { kind: 'revoke-sessions', email: rest[0]! };
  if ((command === 'disable' || command === 'enable' || command === 'reset-password') && rest.length === 2) {
    return { kind: command, slug: rest[0]!, email: rest[1]! };
  }
  if (command === 'role' && rest.length === 3) return { kind: 'role', slug: rest[0]!, email: rest[1]!, role: rest[2]! };
  return {
    kind: 'usage',
    problem: command && !['help', '--help', '-h'].includes(command) ? `unknown or incomplete: staff ${args.join(' ')}` : null,
  };
}
