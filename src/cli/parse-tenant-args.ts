import { parseArgs } from 'node:util';

export type TenantCommand =
  | { kind: 'import'; file: string; newKey: boolean; expiresInDays: number | undefined }
  | { kind: 'list' }
  | { kind: 'revoke-key'; prefix: string }
  | { kind: 'reencrypt-tokens' }
  | { kind: 'usage'; problem: string | null };

/**
 * `npm run tenant -- …` arguments as one command, or `usage` with what was wrong (null when
 * help was asked for). Flags: `import FILE [--new-key] [--expires-in-days N]`.
 */
export function parseTenantArgs(args: string[]): TenantCommand {
  if (args.some((word) => word === '--help' || word === '-h')) return { kind: 'usage', problem: null };
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(args);
  } catch (error) {
    return { kind: 'usage', problem: error instanceof Error ? error.message : String(error) };
  }
  const [command, argument, ...extra] = parsed.positionals;
  const incomplete = { kind: 'usage', problem: `unknown or incomplete command: ${args.join(' ')}` } as const;
  if (!command || ['help', '--help', '-h'].includes(command)) return { kind: 'usage', problem: null };
  const hasImportFlags = parsed.values['new-key'] !== undefined || parsed.values['expires-in-days'] !== undefined;
  if (extra.length > 0 || (command !== 'import' && hasImportFlags)) return incomplete;
  switch (command) {
    case 'import': {
      if (!argument) return incomplete;
      const days = parsed.values['expires-in-days'];
      const expiresInDays = days === undefined ? undefined : Number(days);
      if (expiresInDays !== undefined && (!Number.isInteger(expiresInDays) || expiresInDays < 1 || expiresInDays > 3650)) {
        return { kind: 'usage', problem: '--expires-in-days: expected a whole number of days from 1 to 3650' };
      }
      return { kind: 'import', file: argument, newKey: parsed.values['new-key'] === true, expiresInDays };
    }
    case 'revoke-key':
      return argument ? { kind: 'revoke-key', prefix: argument } : incomplete;
    case 'list':
    case 'reencrypt-tokens':
      return argument ? incomplete : { kind: command };
    default:
      return incomplete;
  }
}

function parse(args: string[]) {
  return parseArgs({
    args,
    allowPositionals: true,
    strict: true,
    options: { 'new-key': { type: 'boolean' }, 'expires-in-days': { type: 'string' } },
  });
}
